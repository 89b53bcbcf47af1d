import { useEffect, useRef, useState } from 'react';
import { useResource } from '../../lib/use-resource';
import { showToast } from '../../ui/toast';
import { fetchNewsDetail, type NewsDetail } from './news-api';
import { reactionFailedMessage, toggleReaction, type ReactionKind } from './reactions';

export interface NewsDetailView {
  status: 'loading' | 'ready' | 'failed';
  detail: NewsDetail | null;
  /** The toggle whose request runs; both toggles wait for it. */
  pending: ReactionKind | null;
  toggle: (kind: ReactionKind) => void;
  reload: () => void;
}

/** The article for me, with the like and bookmark toggles. */
export function useNewsDetail(newsId: number, userId: number | null): NewsDetailView {
  const resource = useResource(`news:${newsId}:${userId}`, () => fetchNewsDetail(newsId, userId));
  const [fresh, setFresh] = useState<NewsDetail | null>(null);
  const [pending, setPending] = useState<ReactionKind | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    setFresh(null);
  }, [resource.data]);

  const detail = fresh ?? resource.data;
  const toggle = (kind: ReactionKind) => {
    if (!detail || pending) return;
    setPending(kind);
    toggleReaction(kind, detail, userId)
      .then((next) => mounted.current && setFresh(next))
      .catch((error: unknown) => {
        console.error(error);
        showToast(reactionFailedMessage(kind), 'error');
      })
      .finally(() => mounted.current && setPending(null));
  };
  return { status: resource.status, detail, pending, toggle, reload: resource.reload };
}
