import { bookmarkNews, fetchNewsDetail, likeNews, unbookmarkNews, unlikeNews, type NewsDetail } from './news-api';

export type ReactionKind = 'like' | 'bookmark';

type ReactionAction = (newsId: number, userId: number | null) => Promise<void>;

/** What a click on a toggle means (part1 §4): take it back when it is on, add it otherwise. */
export function reactionAction(kind: ReactionKind, detail: Pick<NewsDetail, 'liked' | 'bookmarked'>): ReactionAction {
  if (kind === 'like') return detail.liked ? unlikeNews : likeNews;
  return detail.bookmarked ? unbookmarkNews : bookmarkNews;
}

/** Toggles my like or bookmark, then reads the detail again so the counts are the server's. */
export async function toggleReaction(
  kind: ReactionKind,
  detail: NewsDetail,
  userId: number | null,
): Promise<NewsDetail> {
  await reactionAction(kind, detail)(detail.id, userId);
  return fetchNewsDetail(detail.id, userId);
}

/** The toast when a toggle could not be saved. */
export const reactionFailedMessage = (kind: ReactionKind): string =>
  `${kind === 'like' ? '좋아요를' : '저장을'} 반영하지 못했습니다. 잠시 후 다시 시도해 주세요.`;
