/**
 * A gate that lets one call through per `intervalMs` (the follow toggle's 1000 ms throttle).
 * `now` is injectable so the rule can be tested without waiting.
 */
export function createThrottle(intervalMs: number, now: () => number = Date.now): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const t = now();
    if (t - last < intervalMs) return false;
    last = t;
    return true;
  };
}
