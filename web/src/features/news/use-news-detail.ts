import { useMutation, useQuery, useQueryClient, viewOf } from '../../lib/server-data';
import { showToast } from '../../ui/toast';
import { newsDetailQuery, type NewsDetail } from './news-api';
import { afterReaction, reactionAction, reactionFailedMessage, type ReactionKind } from './reactions';

export interface NewsDetailView {
  status: 'loading' | 'ready' | 'failed';
  /** The server's message when the article does not exist (then trying again cannot help). */
  missing: string | null;
  detail: NewsDetail | null;
  /** The toggle whose request runs; both toggles wait for it. */
  pending: ReactionKind | null;
  toggle: (kind: ReactionKind) => void;
  reload: () => void;
}

/**
 * The article for me, with the like and bookmark toggles. A toggle stays busy until the article is
 * read again, so the counts shown are the server's.
 */
export function useNewsDetail(newsId: number, userId: number | null): NewsDetailView {
  const client = useQueryClient();
  const query = useQuery(newsDetailQuery(newsId, userId));
  const reaction = useMutation({
    mutationFn: ({ kind, detail }: { kind: ReactionKind; detail: NewsDetail }) =>
      reactionAction(kind, detail)(detail.id, userId),
    onSuccess: (_, { kind }) => afterReaction(client, kind, newsId, userId),
    onError: (error, { kind }) => {
      console.error(error);
      showToast(reactionFailedMessage(kind), 'error');
    },
  });
  const view = viewOf(query);
  const detail = view.status === 'ready' ? view.data : null;
  return {
    status: view.status,
    missing: view.status === 'failed' ? view.missing : null,
    detail,
    pending: reaction.isPending ? reaction.variables.kind : null,
    toggle: (kind) => {
      if (detail && !reaction.isPending) reaction.mutate({ kind, detail });
    },
    reload: () => void query.refetch(),
  };
}
