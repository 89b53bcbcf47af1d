import { z } from 'zod';
import { api } from '../../lib/api';
import { newsItemSchema, type NewsItem } from '../../lib/news-item';
import { queryKeys, queryOptions } from '../../lib/server-data';
import type { NewsQuery } from './news-query';

/** Items per list page (docs/product-rules.md#news): a shorter page means the end. */
const NEWS_PAGE_SIZE = 12;

export interface NewsPage {
  items: NewsItem[];
  /** Whether another page follows (the server says so; otherwise a full page implies it). */
  hasMore: boolean;
}

const pageSchema = z
  .object({ content: z.array(newsItemSchema), hasNext: z.boolean().optional() })
  .transform((raw): NewsPage => ({
    items: raw.content,
    hasMore: raw.content.length >= NEWS_PAGE_SIZE && raw.hasNext !== false,
  }));

/** The article of the detail screen, for the caller (N3). */
export interface NewsDetail {
  id: number;
  title: string;
  link: string;
  continent: string;
  lead: string;
  imageUrl: string | null;
  publisher: string;
  publishedAt: string | null;
  likes: number;
  bookmarks: number;
  liked: boolean;
  bookmarked: boolean;
}

const detailSchema = z
  .object({
    title: z.string(),
    link: z.string(),
    continent: z.string(),
    like: z.number(),
    mark: z.number(),
    liked: z.boolean(),
    marked: z.boolean(),
    content: z.string().nullish(),
    imgUrl: z.string().nullish(),
    newsType: z.string().nullish(),
    deliveryTime: z.string().nullish(),
  })
  .transform((raw) => ({
    title: raw.title,
    link: raw.link,
    continent: raw.continent,
    lead: raw.content ?? '',
    imageUrl: raw.imgUrl || null,
    publisher: raw.newsType ?? '',
    publishedAt: raw.deliveryTime ?? null,
    likes: raw.like,
    bookmarks: raw.mark,
    liked: raw.liked,
    bookmarked: raw.marked,
  }));

/**
 * One list page (N1). `continent` 'all' is never sent; the cursor is the id of the last
 * item already shown, and is left out for the first page.
 */
export function fetchNewsPage(query: NewsQuery, cursor: number | null): Promise<NewsPage> {
  return api('/api/news', {
    query: {
      sort: query.sort,
      q: query.q || null,
      continent: query.continent === 'all' ? null : query.continent,
      cursor: cursor || null,
    },
    schema: pageSchema,
  });
}

/** The detail with my like and bookmark state (N3); `userId` must be my own id. */
export async function fetchNewsDetail(newsId: number, userId: number | null): Promise<NewsDetail> {
  const detail = await api(`/api/news/${newsId}`, { query: { userId }, schema: detailSchema });
  return { id: newsId, ...detail };
}

export const newsDetailQuery = (newsId: number, userId: number | null) =>
  queryOptions({
    queryKey: queryKeys.news.detail(newsId, userId),
    queryFn: () => fetchNewsDetail(newsId, userId),
    // An article that does not exist shows the server's words instead (NewsDetailPage).
    meta: { showsNotFound: true },
  });

const reaction = (kind: 'like' | 'bookmark', method: 'POST' | 'DELETE') => (newsId: number, userId: number | null) =>
  api(`/api/news/${newsId}/${kind}`, { method, query: { userId } });

/** N4: I like the article. */
export const likeNews = reaction('like', 'POST');
/** N5: I take my like back. */
export const unlikeNews = reaction('like', 'DELETE');
/** N6: I save the article. */
export const bookmarkNews = reaction('bookmark', 'POST');
/** N7: I remove it from my saved news. */
export const unbookmarkNews = reaction('bookmark', 'DELETE');
