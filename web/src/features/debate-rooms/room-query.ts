import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONTINENT_OPTIONS,
  roomListEndpoint,
  type Category,
  type Continent,
  type Format,
} from '@toron/engine';

/** 참여가능 (live, joinable) or 종료 (finished). */
export type ListMode = 'joinable' | 'finished';
export type JoinableSort = 'recent' | 'imminent' | 'popular';

export interface RoomFilters {
  continent: Continent | null;
  category: Category | null;
  member: Format | null;
}

/** Everything the room list screen is asked for; the page number and search only matter when finished. */
export interface RoomQuery {
  mode: ListMode;
  filters: RoomFilters;
  sort: JoinableSort;
  q: string;
  page: number;
}

const NO_FILTERS: RoomFilters = { continent: null, category: null, member: null };
export const initialQuery: RoomQuery = { mode: 'joinable', filters: NO_FILTERS, sort: 'recent', q: '', page: 1 };

export const MODE_TABS: ReadonlyArray<{ id: ListMode; label: string }> = [
  { id: 'joinable', label: '참여가능' },
  { id: 'finished', label: '종료' },
];

/** Joinable offers three sorts, finished only 최신순 and 인기순. */
export function sortTabs(mode: ListMode): ReadonlyArray<{ id: JoinableSort; label: string }> {
  const all = [
    { id: 'recent', label: '최신순' },
    { id: 'imminent', label: '임박순' },
    { id: 'popular', label: '인기순' },
  ] as const;
  return mode === 'joinable' ? all : all.filter((t) => t.id !== 'imminent');
}

/** Filter chip groups; the continents in the product's one order. */
export const CONTINENT_CHIPS = CONTINENT_OPTIONS;
export const CATEGORY_CHIPS = CATEGORIES.map((value) => ({ value, label: CATEGORY_LABELS[value] }));
export const MEMBER_CHIPS: ReadonlyArray<{ value: Format; label: string }> = [
  { value: 'T1', label: '1:1' },
  { value: 'T2', label: '3:3' },
];

/** Switching between 참여가능 and 종료 clears every filter, the search and the page. */
export function switchMode(query: RoomQuery, mode: ListMode): RoomQuery {
  if (mode === query.mode) return query;
  return { ...initialQuery, mode };
}

/** A new filter value (null clears it) starts again from the first page. */
export function setFilter<K extends keyof RoomFilters>(query: RoomQuery, key: K, value: RoomFilters[K]): RoomQuery {
  return { ...query, filters: { ...query.filters, [key]: value }, page: 1 };
}

export function resetFilters(query: RoomQuery): RoomQuery {
  return { ...query, filters: NO_FILTERS, page: 1 };
}

export function setSort(query: RoomQuery, sort: JoinableSort): RoomQuery {
  const allowed = sortTabs(query.mode).some((t) => t.id === sort);
  return allowed ? { ...query, sort, page: 1 } : query;
}

/** A new search term (finished view) starts again from the first page. */
export function setSearch(query: RoomQuery, q: string): RoomQuery {
  return q === query.q ? query : { ...query, q, page: 1 };
}

export const hasFilters = (filters: RoomFilters): boolean =>
  filters.continent !== null || filters.category !== null || filters.member !== null;

/** The handshake path of the live list: every filter always present, empty meaning "no filter". */
export function liveListPath(filters: RoomFilters): string {
  const params = new URLSearchParams({
    continent: filters.continent ?? '',
    category: filters.category ?? '',
    member: filters.member ?? '',
  });
  return roomListEndpoint(params);
}

/** The finished list's D8 query: complete, with empty strings for no filter. */
export function finishedParams(query: RoomQuery): Record<string, string | number> {
  return {
    q: query.q.trim(),
    continent: query.filters.continent ?? '',
    category: query.filters.category ?? '',
    member: query.filters.member ?? '',
    p: query.page,
    sort: query.sort === 'popular' ? 'popular' : 'recent',
  };
}
