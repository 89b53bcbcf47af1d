import type { Debater } from './ranking-api';

export const MEDAL_COUNT = 3;
/**
 * How long the skeleton shows at least (docs/product-rules.md#client-behaviour: about 1 second) and how many rows it
 * has.
 */
export const SKELETON_MS = 1000;
export const SKELETON_ROWS = 7;
export const SEARCH_DEBOUNCE_MS = 1000;

export type Medal = 'gold' | 'silver' | 'bronze';
const MEDALS: readonly Medal[] = ['gold', 'silver', 'bronze'];

export interface RankingView {
  /** The top three as medal cards; none while searching. */
  medalists: Array<{ debater: Debater; medal: Medal }>;
  /** The rest as a list, with the rank to show (null while searching: a filtered list has no rank). */
  rows: Array<{ debater: Debater; rank: number | null }>;
}

/** Splits the ranking into medal cards and the list (docs/product-rules.md#ranking). */
export function splitRanking(debaters: readonly Debater[], term: string): RankingView {
  if (term.trim() !== '') return { medalists: [], rows: debaters.map((debater) => ({ debater, rank: null })) };
  const medalists = debaters.slice(0, MEDAL_COUNT).map((debater, i) => ({ debater, medal: MEDALS[i] ?? 'bronze' }));
  const rows = debaters.slice(MEDAL_COUNT).map((debater, i) => ({ debater, rank: MEDAL_COUNT + i + 1 }));
  return { medalists, rows };
}

/** The empty text of a search that found nobody (docs/product-rules.md#ranking). */
export const noUserText = (term: string): string => `${term}에 해당하는 사용자 정보가 없습니다`;
