/**
 * How far the browser's clock runs ahead of the server's (local − server, in ms), so countdowns
 * end at the server's deadlines. Two sources bound it:
 * - the HTTP `Date` header (whole seconds): the server stamped it between sending and receiving;
 * - every live event's `at`: it was stamped before it arrived, so local receipt − at ≥ offset,
 *   and the smallest such value is the tightest estimate (replayed old events only loosen it).
 */
export interface ClockEstimate {
  /** Lowest possible offset, from the Date header (−∞ when unknown). */
  readonly low: number;
  /** Highest possible offset (+∞ when unknown). */
  readonly high: number;
  /** Smallest receipt − at seen so far, or null. */
  readonly skew: number | null;
}

export const UNKNOWN_CLOCK: ClockEstimate = { low: -Infinity, high: Infinity, skew: null };

/** Narrows the estimate with a `Date` header received for a request sent at `sentAt`, answered at `receivedAt`. */
export function withDateHeader(
  est: ClockEstimate,
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
): ClockEstimate {
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(server)) return est;
  // The server's clock read some t in [server, server + 1000) while ours read something in [sentAt, receivedAt].
  return { ...est, low: Math.max(est.low, sentAt - (server + 1000)), high: Math.min(est.high, receivedAt - server) };
}

/** Narrows the estimate with an event stamped `at` (server ms) that arrived at `receivedAt` (local ms). */
export function withEvent(est: ClockEstimate, at: number, receivedAt: number): ClockEstimate {
  const skew = receivedAt - at;
  return { ...est, skew: est.skew === null ? skew : Math.min(est.skew, skew) };
}

/** The best offset: the event skew kept inside the header's bounds; 0 when nothing is known. */
export function clockOffset(est: ClockEstimate): number {
  const lowKnown = Number.isFinite(est.low);
  const highKnown = Number.isFinite(est.high);
  const guess = est.skew ?? (lowKnown && highKnown ? (est.low + est.high) / 2 : 0);
  return Math.min(highKnown ? est.high : guess, Math.max(lowKnown ? est.low : guess, guess));
}

/** Milliseconds left until a server deadline, seen from local time `now` (never negative). */
export function remainingMs(deadlineAt: number, now: number, offset: number): number {
  return Math.max(0, deadlineAt - (now - offset));
}

/** Whole seconds shown by a countdown: 4.2 s left reads 5, the display reaches 0 only at the end. */
export function countdownSeconds(deadlineAt: number, now: number, offset: number): number {
  return Math.ceil(remainingMs(deadlineAt, now, offset) / 1000);
}
