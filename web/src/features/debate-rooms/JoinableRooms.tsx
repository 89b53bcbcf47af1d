import { paths } from '../../lib/routes';
import { ButtonLink } from '../../ui/Button';
import { cx } from '../../ui/cx';
import type { LiveStatus } from '../../lib/live/connection';
import { pickRows } from './live-rooms';
import { liveListPath, type RoomQuery } from './room-query';
import { RoomGrid, RoomGridSkeleton } from './RoomGrid';
import { useLiveRooms } from './use-live-rooms';

/** The 참여가능 list: the live feed for the chosen filters, in the chosen order. */
export function JoinableRooms({ query }: { query: RoomQuery }) {
  const { snapshot, status } = useLiveRooms(liveListPath(query.filters));
  return (
    <div className="flex flex-col gap-4">
      <LiveNote status={status} />
      {snapshot === null ? (
        <RoomGridSkeleton />
      ) : (
        <RoomGrid
          rooms={pickRows(snapshot, query.sort)}
          finished={false}
          emptyAction={
            <ButtonLink href={paths.newDebate()} variant="secondary">
              토론방 개설
            </ButtonLink>
          }
        />
      )}
    </div>
  );
}

function LiveNote({ status }: { status: LiveStatus }) {
  const connected = status === 'connected';
  const text = connected
    ? '실시간으로 갱신되고 있어요'
    : status === 'connecting'
      ? '연결하는 중이에요'
      : '연결이 끊겼어요. 다시 연결하고 있어요';
  return (
    <p role="status" className={cx('flex items-center gap-2 text-sm', connected ? 'text-ink-muted' : 'text-warning')}>
      <span aria-hidden="true" className={cx('size-2 rounded-full', connected ? 'bg-success' : 'bg-warning')} />
      {text}
    </p>
  );
}
