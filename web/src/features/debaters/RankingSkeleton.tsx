import { Skeleton } from '../../ui/Skeleton';
import { MEDAL_COUNT, SKELETON_ROWS } from './ranking';

/** The loading view: three card outlines (without a search term) and seven rows. */
export function RankingSkeleton({ withMedals }: { withMedals: boolean }) {
  return (
    <div role="status" aria-busy="true" aria-label="토론자 랭킹 불러오는 중" className="flex flex-col gap-8">
      {withMedals && (
        <div className="grid gap-4 md:grid-cols-3">
          {Array.from({ length: MEDAL_COUNT }, (_, i) => (
            <div key={i} className="flex flex-col items-center gap-3 rounded-card border border-line p-6">
              <Skeleton className="h-6 w-16 rounded-full" />
              <Skeleton className="size-16 rounded-full" />
              <Skeleton className="h-5 w-24" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </div>
      )}
      <ul className="flex flex-col divide-y divide-line rounded-card border border-line">
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <li key={i} data-testid="ranking-skeleton-row" className="flex items-center gap-4 px-5 py-4">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3.5 w-48 max-w-full" />
            </div>
            <Skeleton className="hidden h-4 w-40 sm:block" />
          </li>
        ))}
      </ul>
    </div>
  );
}
