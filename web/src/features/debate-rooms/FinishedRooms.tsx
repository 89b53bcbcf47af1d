import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon } from '../../ui/icons';
import { Pager } from '../../ui/Pager';
import type { RoomQuery } from './room-query';
import { RoomGrid, RoomGridSkeleton } from './RoomGrid';
import { useFinishedRooms } from './use-finished-rooms';

/** The 종료 list: pages of finished rooms; the pager shows only when there is more than one page. */
export function FinishedRooms({ query, onPage }: { query: RoomQuery; onPage: (page: number) => void }) {
  const finished = useFinishedRooms(query);
  const { view } = finished;
  if (view.status === 'failed') {
    return (
      <EmptyState
        icon={<AlertIcon />}
        text="토론방을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
        action={
          <Button variant="secondary" onClick={finished.retry}>
            다시 시도
          </Button>
        }
      />
    );
  }
  if (view.status === 'loading') return <RoomGridSkeleton />;
  return (
    <div className="flex flex-col gap-6">
      <RoomGrid
        rooms={view.data.rows}
        finished
        busy={finished.busy}
        emptyText={query.q ? `‘${query.q}’에 해당하는 토론방이 없습니다` : undefined}
      />
      <Pager page={query.page} totalPages={view.data.totalPages} onChange={onPage} label="종료된 토론방 페이지" />
    </div>
  );
}
