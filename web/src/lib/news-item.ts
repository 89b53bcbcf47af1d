import { z } from 'zod';
import { PUBLISHER_LABELS } from '@toron/engine';

/**
 * A news item as the list and the ranking send it (docs/wire-contract.md#shapes), parsed at the edge
 * into our own names. Shared by the home page and the news screens.
 */
export interface NewsItem {
  id: number;
  title: string;
  /** The lead, plain text. */
  lead: string;
  imageUrl: string | null;
  /** Publisher code (`newsType`); label it with `publisherLabel`. */
  publisher: string;
  /** ISO time of publication. */
  publishedAt: string;
  likes: number;
  bookmarks: number;
  /** Region code, when the server sends one. */
  continent: string | null;
}

const count = z
  .number()
  .nullish()
  .transform((n) => n ?? 0);

export const newsItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string().nullish(),
    imgUrl: z.string().nullish(),
    newsType: z.string().nullish(),
    deliveryTime: z.string(),
    like: count,
    bookmark: count,
    continentType: z.string().nullish(),
  })
  .transform((raw): NewsItem => ({
    id: raw.id,
    title: raw.title,
    lead: raw.content ?? '',
    imageUrl: raw.imgUrl || null,
    publisher: raw.newsType ?? '',
    publishedAt: raw.deliveryTime,
    likes: raw.like,
    bookmarks: raw.bookmark,
    continent: raw.continentType ?? null,
  }));

/** The publisher's Korean name; an unknown code is shown as it came. */
export const publisherLabel = (code: string): string =>
  (PUBLISHER_LABELS as Readonly<Record<string, string>>)[code] ?? code;
