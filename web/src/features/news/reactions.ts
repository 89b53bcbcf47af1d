import type { NewsItem } from '../../lib/news-item';
import { invalidateWhere, queryKeys, type InfiniteData, type QueryClient } from '../../lib/server-data';
import { bookmarkNews, likeNews, unbookmarkNews, unlikeNews, type NewsDetail, type NewsPage } from './news-api';

export type ReactionKind = 'like' | 'bookmark';

type ReactionAction = (newsId: number, userId: number | null) => Promise<void>;

/** What a click on a toggle means (docs/product-rules.md#news): take it back when it is on, add it otherwise. */
export function reactionAction(kind: ReactionKind, detail: Pick<NewsDetail, 'liked' | 'bookmarked'>): ReactionAction {
  if (kind === 'like') return detail.liked ? unlikeNews : likeNews;
  return detail.bookmarked ? unbookmarkNews : bookmarkNews;
}

/**
 * What my like or bookmark changed: the article (for every viewer), my liked or saved list, and each
 * cached list or ranking that shows the article's counts. A like also changes the order of the
 * popular lists and of the most-liked ranking, which the article may now enter.
 */
export async function afterReaction(
  client: QueryClient,
  kind: ReactionKind,
  newsId: number,
  userId: number | null,
): Promise<void> {
  const holds = (items: readonly NewsItem[]) => items.some((item) => item.id === newsId);
  const ranking = queryKeys.news.ranking();
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.news.article(newsId) }),
    userId !== null &&
      client.invalidateQueries({ queryKey: queryKeys.users.saved(kind === 'like' ? 'likes' : 'bookmarks', userId) }),
    kind === 'like'
      ? client.invalidateQueries({ queryKey: ranking })
      : invalidateWhere<NewsItem[]>(client, ranking, holds),
    kind === 'like' && client.invalidateQueries({ queryKey: queryKeys.news.listsSortedBy('POPULAR') }),
    invalidateWhere<InfiniteData<NewsPage>>(client, queryKeys.news.lists(), (data) =>
      data.pages.some((page) => holds(page.items)),
    ),
  ]);
}

/** The toast when a toggle could not be saved. */
export const reactionFailedMessage = (kind: ReactionKind): string =>
  `${kind === 'like' ? '좋아요를' : '저장을'} 반영하지 못했습니다. 잠시 후 다시 시도해 주세요.`;
