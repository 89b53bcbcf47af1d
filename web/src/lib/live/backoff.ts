/** Reconnect timing: exponential growth with "equal jitter" so many clients do not return at once. */
export interface BackoffOptions {
  /** Delay of the first retry before jitter, in ms. */
  readonly baseMs: number;
  /** Upper bound of the delay before jitter, in ms. */
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000 };

/**
 * The wait before reconnect attempt `attempt` (0 for the first retry): half of the capped
 * exponential delay is fixed, the other half random, so the delay lies in [d/2, d].
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const capped = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(capped / 2 + random() * (capped / 2));
}
