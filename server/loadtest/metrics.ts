/**
 * What the load generator counts: deliveries, chat latency (a fixed-size histogram, so a
 * ten-minute soak costs no more memory than a short run), refusals by code and errors.
 */

const BUCKET_MS = 0.1;
const BUCKETS = 100_000; // 0–10 s; slower deliveries land in the last bucket

/** Publish→receipt latency histogram with 0.1 ms buckets. */
export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;

  add(ms: number): void {
    this.counts[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
    this.count++;
  }

  /** One histogram of every sample of `histograms` (several runs of one configuration). */
  static pooled(histograms: readonly LatencyHistogram[]): LatencyHistogram {
    const all = new LatencyHistogram();
    for (const h of histograms) {
      for (let i = 0; i < BUCKETS; i++) all.counts[i]! += h.counts[i]!;
      all.count += h.count;
    }
    return all;
  }

  /** The q-quantile in ms (upper edge of its bucket), or null without samples. */
  quantile(q: number): number | null {
    if (this.count === 0) return null;
    const rank = Math.ceil(q * this.count);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Number(((i + 1) * BUCKET_MS).toFixed(1));
    }
    return null;
  }
}

export class Metrics {
  /** Every MESSAGE frame received on a room's event stream. */
  deliveries = 0;
  /** Chat events (Spoke, ObserverChatted) among them. */
  chatDeliveries = 0;
  chatSent = 0;
  votesSent = 0;
  roomsOpened = 0;
  roomsEnded = 0;
  /** Replaced by a fresh one when a measurement window starts (the capacity run's steps). */
  latency = new LatencyHistogram();
  /** How late each voted room's result reached its debater: receipt of VotingClosed − the vote's closing time. */
  readonly resultDelay = new LatencyHistogram();
  /** Business refusals by stable code (expected at phase edges: a turn or the vote just ended). */
  readonly refusals: Record<string, number> = {};
  /** Everything that should not happen: ERROR frames, unexpected closes, failed requests, lost messages. */
  readonly errors: Record<string, number> = {};

  refused(code: string): void {
    this.refusals[code] = (this.refusals[code] ?? 0) + 1;
  }

  error(kind: string): void {
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
  }

  get errorCount(): number {
    return Object.values(this.errors).reduce((a, b) => a + b, 0);
  }
}

/** Least-squares slope of y over x (per unit of x). */
export function slope(points: readonly (readonly [number, number])[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}
