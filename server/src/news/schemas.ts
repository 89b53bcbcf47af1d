import { z } from '@hono/zod-openapi';
import { CATEGORIES, CONTINENTS, NEWS_SORTS, PUBLISHERS } from './codes.js';

const id = z.number().int();
const isoTime = z.string().openapi({ example: '2025-03-01T09:30:00.000Z' });

/** A news item in lists and the ranking (docs/wire-contract.md#shapes). */
export const newsItemSchema = z
  .object({
    id,
    title: z.string(),
    content: z.string(),
    imgUrl: z.string().nullable(),
    newsType: z.enum(PUBLISHERS),
    deliveryTime: isoTime,
    like: z.number().int(),
    bookmark: z.number().int(),
    continentType: z.enum(CONTINENTS),
  })
  .openapi('NewsItem');
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsPageSchema = z
  .object({
    content: z.array(newsItemSchema),
    hasNext: z.boolean(),
    /** The id to send as `cursor` for the next page; null on the last page. */
    nextCursor: id.nullable(),
    size: z.number().int(),
    numberOfElements: z.number().int(),
  })
  .openapi('NewsPage');
export type NewsPage = z.infer<typeof newsPageSchema>;

/** The detail for the caller (N3), plus the list fields. */
export const newsDetailSchema = z
  .object({
    id,
    title: z.string(),
    link: z.string(),
    continent: z.enum(CONTINENTS),
    /** The article's category (a room opened from it takes the same one). */
    category: z.enum(CATEGORIES),
    like: z.number().int(),
    mark: z.number().int(),
    liked: z.boolean(),
    marked: z.boolean(),
    imgUrl: z.string().nullable(),
    newsType: z.enum(PUBLISHERS),
    deliveryTime: isoTime,
    content: z.string(),
  })
  .openapi('NewsDetail');
export type NewsDetail = z.infer<typeof newsDetailSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), like: z.number().int() }).openapi('NewsLikeState');
export const bookmarkStateSchema = z
  .object({ marked: z.boolean(), mark: z.number().int() })
  .openapi('NewsBookmarkState');

/** An entry of the user page's liked or saved news (U4, U5). */
export const savedNewsSchema = z
  .object({ newsId: id, title: z.string(), continent: z.enum(CONTINENTS), createdAt: isoTime })
  .openapi('SavedNews');
export type SavedNews = z.infer<typeof savedNewsSchema>;

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const newsIdParams = z.object({ id: positiveId.openapi({ param: { in: 'path' }, example: 1 }) });

/** `userId` as the web app sends it: optional, and when present it must be the caller. */
export const userIdQuery = z.object({ userId: positiveId.optional().openapi({ param: { in: 'query' }, example: 1 }) });

/** Query of the list. `continent=all` is the menu's "전체보기" and means no filter. */
export const newsListQuery = z.object({
  sort: z
    .enum(NEWS_SORTS)
    .default('LATEST')
    .openapi({ param: { in: 'query' } }),
  continent: z
    .union([z.enum(CONTINENTS), z.enum(['all', 'ALL']).transform(() => undefined)])
    .optional()
    .openapi({ param: { in: 'query' }, type: 'string', enum: [...CONTINENTS, 'all'] }),
  q: z
    .string({ error: '검색어 형식이 올바르지 않습니다.' }) // e.g. q sent twice
    .max(100, '검색어는 100자 이내로 입력해주세요.')
    // A NUL ends the text inside SQLite's LIKE and FTS5 (match-all, or a syntax error): refuse control characters.
    .refine((q) => !/\p{Cc}/u.test(q), '검색어에 사용할 수 없는 문자가 들어 있습니다.')
    .optional()
    .transform((q) => q?.trim() || undefined)
    .openapi({ param: { in: 'query' }, description: '제목·본문 검색어 (3자 이상은 전문 검색, 그 미만은 부분 일치)' }),
  cursor: positiveId.optional().openapi({ param: { in: 'query' }, description: '직전 페이지 마지막 뉴스의 id' }),
});
