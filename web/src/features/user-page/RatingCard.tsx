import { useQuery, viewOf } from '../../lib/server-data';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { RatingValue } from '../../ui/Rating';
import { Skeleton } from '../../ui/Skeleton';
import { RatingHistoryChart } from './RatingHistoryChart';
import { userRatingQuery } from './user-api';

/** A member's rating ("1532?" while provisional), how many debates it rests on (draws too), and its history chart. */
export function RatingCard({ userId }: { userId: number }) {
  const load = useQuery(userRatingQuery(userId));
  const view = viewOf(load);
  return (
    <section
      aria-labelledby="rating-heading"
      className="flex flex-col gap-4 rounded-card border border-line bg-paper p-6"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="rating-heading" className="text-sm font-semibold text-ink-muted">
          레이팅
        </h2>
        {view.status === 'ready' && view.data.provisional && <Badge tone="warning">잠정</Badge>}
      </div>
      {view.status === 'loading' && (
        <div role="status" aria-busy="true" aria-label="레이팅 불러오는 중" className="flex flex-col gap-3">
          <Skeleton className="h-9 w-24" />
          <Skeleton className="h-28 w-full" />
        </div>
      )}
      {view.status === 'failed' && (
        <div className="flex items-center justify-between gap-3 text-sm text-ink-muted">
          <p>레이팅을 불러오지 못했습니다.</p>
          <Button variant="secondary" onClick={() => void load.refetch()}>
            다시 시도
          </Button>
        </div>
      )}
      {view.status === 'ready' && (
        <>
          <div className="flex flex-col gap-1">
            <RatingValue rating={view.data.rating} provisional={view.data.provisional} className="text-3xl" />
            <p className="text-sm text-ink-muted">
              레이팅에 반영된 토론 {view.data.ratedDebates}번
              {view.data.provisional && ' · 토론을 더 하면 레이팅이 확정되어 랭킹에 올라요'}
            </p>
          </div>
          {view.data.history.length > 0 ? (
            <RatingHistoryChart history={view.data.history} />
          ) : (
            <p className="text-sm text-ink-subtle">아직 레이팅에 반영된 토론이 없어요.</p>
          )}
        </>
      )}
    </section>
  );
}
