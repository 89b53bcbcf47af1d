import { z } from 'zod';
import { api } from '../../lib/api';
import { newsItemSchema, type NewsItem } from '../../lib/news-item';
import { queryKeys, queryOptions } from '../../lib/server-data';

/** How many ranked news the home shows (docs/product-rules.md#news). */
const TOP_SIZE = 10;

/** N2: the most-liked news, at most ten. */
function fetchRanking(): Promise<NewsItem[]> {
  return api('/api/news/ranking', { schema: z.array(newsItemSchema) }).then((items) => items.slice(0, TOP_SIZE));
}

export const newsRankingQuery = () => queryOptions({ queryKey: queryKeys.news.ranking(), queryFn: fetchRanking });

/** The home's 'Focus' layout: the first article large, the rest in the grid. */
export function splitFeatured<T>(items: readonly T[]): { featured: T | null; rest: T[] } {
  return { featured: items[0] ?? null, rest: items.slice(1) };
}
