/**
 * Whether a search term is answered through its index (every match looked up, then sorted) or by
 * walking the sort index and testing each row until the page is full. Both give the same rows;
 * only the cost differs. The index costs about one row lookup per match, the walk about
 * 13 / share rows, so they break even near matches² ≈ 20 × rows: a rare term (a miss above all)
 * is answered by the index without reading a row, a frequent one is cheaper to walk for.
 */
const BREAK_EVEN = 20;

/** The most matches for which the index still pays, among `rows` rows. */
export const indexLimit = (rows: number): number => Math.floor(Math.sqrt(BREAK_EVEN * rows));

/** Whether `matches` of `rows` rows are cheaper looked up through the index than walked for. */
export const indexPays = (matches: number, rows: number): boolean => matches <= indexLimit(rows);

const TTL_MS = 5 * 60_000;
const CACHE_SIZE = 500;

/**
 * Remembers per term whether its index pays, for a few minutes: the decision only steers the cost,
 * never the rows, so a little staleness is harmless and the count behind it is paid once per term.
 */
export function indexPlanCache(
  indexPaysFor: (q: string) => boolean | Promise<boolean>,
): (q: string) => Promise<boolean> {
  const decided = new Map<string, { pays: boolean; at: number }>();
  return async (q) => {
    const now = Date.now();
    const hit = decided.get(q);
    if (hit && now - hit.at < TTL_MS) return hit.pays;
    const pays = await indexPaysFor(q);
    decided.delete(q);
    if (decided.size >= CACHE_SIZE) decided.delete(decided.keys().next().value!);
    decided.set(q, { pays, at: now });
    return pays;
  };
}
