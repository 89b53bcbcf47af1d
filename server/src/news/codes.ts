import { CATEGORIES, CONTINENTS } from '@toron/engine';
import { z } from 'zod';

/** Region and topic codes are the product's own (the engine's); `all` is a client-only menu entry, never stored. */
export { CATEGORIES, CONTINENTS, type Category, type Continent } from '@toron/engine';

/** Publisher codes, sent as `newsType`. */
export const PUBLISHERS = ['JOONGANG', 'HANI', 'HANKYUNG', 'HANKOOK', 'SEGYE'] as const;
export type Publisher = (typeof PUBLISHERS)[number];

export const NEWS_SORTS = ['LATEST', 'POPULAR'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

export const continentSchema = z.enum(CONTINENTS);
export const publisherSchema = z.enum(PUBLISHERS);
export const categorySchema = z.enum(CATEGORIES);

/** Items per list page (docs/product-rules.md#news): a shorter page tells the client it reached the end. */
export const NEWS_PAGE_SIZE = 12;
/** Size of the ranking (home "Focus" top 10). */
export const NEWS_RANKING_SIZE = 10;
