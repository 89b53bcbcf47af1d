import { CONTINENT_OPTIONS, type Continent } from '@toron/engine';
import { paths } from '../../lib/routes';

/**
 * What the news list shows, kept in the address (`/news?continent=KR&sort=POPULAR&q=…`)
 * so links, the back button and the sidebar all agree.
 */
export type NewsSort = 'LATEST' | 'POPULAR';
export type ContinentCode = 'all' | Continent;

export interface NewsQuery {
  continent: ContinentCode;
  sort: NewsSort;
  /** Search text, trimmed; '' when none. */
  q: string;
}

/** The category sidebar (docs/product-rules.md#news): 전체보기, then the continents in the product's one order. */
export const CONTINENT_MENU: ReadonlyArray<{ code: ContinentCode; label: string }> = [
  { code: 'all', label: '전체보기' },
  ...CONTINENT_OPTIONS.map(({ value, label }) => ({ code: value, label })),
];

export const SORT_TABS: ReadonlyArray<{ id: NewsSort; label: string }> = [
  { id: 'LATEST', label: '최신순' },
  { id: 'POPULAR', label: '인기순' },
];

const isContinent = (value: string | null): value is ContinentCode => CONTINENT_MENU.some((c) => c.code === value);

/** Reads the query from a search string; anything unknown falls back to all regions, latest first. */
export function parseNewsQuery(search: string): NewsQuery {
  const params = new URLSearchParams(search);
  const continent = params.get('continent');
  return {
    continent: isContinent(continent) ? continent : 'all',
    sort: params.get('sort') === 'POPULAR' ? 'POPULAR' : 'LATEST',
    q: (params.get('q') ?? '').trim().slice(0, 100),
  };
}

/** The list's address for a query; the defaults (latest, no search) are left out. */
export function newsQueryHref(query: NewsQuery): string {
  const extra = new URLSearchParams();
  if (query.sort !== 'LATEST') extra.set('sort', query.sort);
  if (query.q) extra.set('q', query.q);
  const rest = extra.toString();
  return rest ? `${paths.news(query.continent)}&${rest}` : paths.news(query.continent);
}
