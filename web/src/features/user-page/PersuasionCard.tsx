import { swingPoints } from '../../lib/persuasion-words';
import { useQuery } from '../../lib/server-data';
import { Skeleton } from '../../ui/Skeleton';
import { userPersuasionQuery } from './user-api';

/**
 * A member's 설득력 on their page: the average points their side gained among the viewers who
 * declared a stance, between the first speech and the vote, over their measured debates.
 */
export function PersuasionCard({ userId }: { userId: number }) {
  const load = useQuery(userPersuasionQuery(userId));
  const figure = load.data?.persuasion ?? null;
  return (
    <section
      aria-labelledby="persuasion-heading"
      className="flex flex-col gap-2 rounded-card border border-line bg-paper p-6"
    >
      <h2 id="persuasion-heading" className="text-sm font-semibold text-ink-muted">
        설득력
      </h2>
      {load.isPending ? (
        <Skeleton className="h-9 w-24" />
      ) : load.isError ? (
        <p className="text-sm text-ink-muted">설득력을 불러오지 못했습니다.</p>
      ) : figure ? (
        <>
          <p className="tabular text-3xl font-bold" data-testid="persuasion-figure">
            {swingPoints(figure.averageSwing)}
          </p>
          <p className="text-sm text-ink-muted">
            참관자의 입장 변화가 측정된 토론 {figure.debates}번에서 자기 편이 얻은 평균
          </p>
        </>
      ) : (
        <p className="text-sm text-ink-subtle">아직 참관자의 입장 변화가 측정된 토론이 없어요.</p>
      )}
    </section>
  );
}
