import type { Storage } from '../db/storage.js';
import { ApiError } from '../http/envelope.js';
import { NEWS_PAGE_SIZE, NEWS_RANKING_SIZE } from './codes.js';
import type { NewsListFilter, NewsListRow } from './list-store.js';
import type { NewsDetail, NewsItem, NewsPage, SavedNews } from './schemas.js';
import type { ReactionKind } from './store.js';

const newsNotFound = () => new ApiError(404, 'NEWS_NOT_FOUND', '존재하지 않는 뉴스입니다.');

/** Demo items keep server paths; answers make them absolute so other origins can use them. */
export function absolutise(publicUrl: string, stored: string): string;
export function absolutise(publicUrl: string, stored: string | null): string | null;
export function absolutise(publicUrl: string, stored: string | null): string | null {
  return stored !== null && stored.startsWith('/') ? `${publicUrl}${stored}` : stored;
}

export interface NewsServiceDeps {
  storage: Pick<Storage, 'news' | 'newsLists'>;
  publicUrl: string;
  now?: () => number;
}

/**
 * News reading and reactions: validated input in, wire shapes out, refusals as ApiError.
 * Identity checks happen in the routes; `userId` here is always the caller.
 */
export function createNewsService({ storage, publicUrl, now = Date.now }: NewsServiceDeps) {
  const { news: store, newsLists: lists } = storage;

  const toItem = (row: NewsListRow): NewsItem => ({
    id: row.id,
    title: row.title,
    content: row.content,
    imgUrl: absolutise(publicUrl, row.imgUrl),
    newsType: row.newsType,
    deliveryTime: new Date(row.deliveryTime).toISOString(),
    like: row.likeCount,
    bookmark: row.bookmarkCount,
    continentType: row.continent,
  });

  const counter = async (kind: ReactionKind, newsId: number) => {
    const row = await store.findById(newsId);
    if (!row) throw newsNotFound();
    return kind === 'like' ? row.likeCount : row.bookmarkCount;
  };

  return {
    store,

    /**
     * One list page of NEWS_PAGE_SIZE items after the cursor item (which need not match the
     * filter: only its sort values are used). One extra row tells whether more follow.
     */
    async list(filter: NewsListFilter, cursorId: number | undefined): Promise<NewsPage> {
      const rows = await lists.pageAfterItem(filter, cursorId, NEWS_PAGE_SIZE + 1);
      if (!rows) throw new ApiError(400, 'INVALID_CURSOR', '커서가 올바르지 않습니다. 처음부터 다시 불러와주세요.');
      const content = rows.slice(0, NEWS_PAGE_SIZE).map(toItem);
      const hasNext = rows.length > NEWS_PAGE_SIZE;
      return {
        content,
        hasNext,
        nextCursor: hasNext ? (content.at(-1)?.id ?? null) : null,
        size: NEWS_PAGE_SIZE,
        numberOfElements: content.length,
      };
    },

    /** Top NEWS_RANKING_SIZE by likes, newest first among ties: never empty while news exist. */
    async ranking(): Promise<NewsItem[]> {
      return (await store.ranking(NEWS_RANKING_SIZE)).map(toItem);
    },

    async detail(newsId: number, userId: number): Promise<NewsDetail> {
      const row = await store.findById(newsId);
      if (!row) throw newsNotFound();
      return {
        id: row.id,
        title: row.title,
        link: absolutise(publicUrl, row.link),
        continent: row.continent,
        category: row.category,
        like: row.likeCount,
        mark: row.bookmarkCount,
        liked: await store.hasReaction('like', userId, newsId),
        marked: await store.hasReaction('bookmark', userId, newsId),
        imgUrl: absolutise(publicUrl, row.imgUrl),
        newsType: row.newsType,
        deliveryTime: new Date(row.deliveryTime).toISOString(),
        content: row.content,
      };
    },

    /** Adds or removes a like or bookmark; repeating either is a no-op. Returns the new count. */
    async react(kind: ReactionKind, userId: number, newsId: number, on: boolean): Promise<number> {
      if ((await store.setReaction(kind, userId, newsId, on, now())) === 'NEWS_NOT_FOUND') throw newsNotFound();
      return counter(kind, newsId);
    },

    /** The caller's liked or bookmarked news, newest first. */
    async saved(kind: ReactionKind, userId: number): Promise<SavedNews[]> {
      return (await store.reactionsOf(kind, userId)).map((e) => ({
        ...e,
        createdAt: new Date(e.createdAt).toISOString(),
      }));
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
