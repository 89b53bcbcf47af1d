import type { ReactNode } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { ChatIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { cx } from '../../ui/cx';
import { RoomCard } from './RoomCard';
import type { RoomRow } from './room-row';

/** Rooms as cards (one column on phones, two on tablets, three on desktops), or the empty text. */
export function RoomGrid({
  rooms,
  finished,
  busy = false,
  emptyText = '현재 표시할 토론방이 없습니다',
  emptyAction,
}: {
  rooms: RoomRow[];
  finished: boolean;
  busy?: boolean;
  emptyText?: string;
  emptyAction?: ReactNode;
}) {
  if (rooms.length === 0) return <EmptyState icon={<ChatIcon />} text={emptyText} action={emptyAction} />;
  return (
    <ul
      aria-label={finished ? '종료된 토론방' : '참여 가능한 토론방'}
      aria-busy={busy || undefined}
      className={cx('grid gap-4 transition-opacity duration-150 md:grid-cols-2 lg:grid-cols-3', busy && 'opacity-60')}
    >
      {rooms.map((room) => (
        <li key={room.id}>
          <RoomCard room={room} finished={finished} />
        </li>
      ))}
    </ul>
  );
}

export function RoomGridSkeleton() {
  return (
    <ul aria-busy="true" aria-label="토론방 불러오는 중" className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2, 3, 4, 5].map((n) => (
        <li key={n} className="flex flex-col gap-4 rounded-card border border-line p-5">
          <div className="flex gap-2">
            <Skeleton className="h-5 w-12" />
            <Skeleton className="h-5 w-10" />
          </div>
          <Skeleton className="h-6 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-11 w-full" />
        </li>
      ))}
    </ul>
  );
}
