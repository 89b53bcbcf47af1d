import { useId } from 'react';
import { useLocation } from 'wouter';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cx } from '../../ui/cx';
import { OutcomeSummary } from '../../ui/Outcome';
import { joinRoom, observeRoom, openArchive } from './room-actions';
import { categoryText, durationText, isSideFull, memberText, type RoomRow } from './room-row';

// The side buttons carry their side's colour and its name; a full side greys out.
const sideButton = cx(
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-lg text-[0.9375rem]',
  'font-semibold ring-1 ring-inset transition-colors duration-150',
  'disabled:cursor-not-allowed disabled:bg-surface-strong disabled:text-ink-subtle',
  'disabled:ring-line',
);

/**
 * A room of either list: category, format, duration, title, the pro|con head counts (a finished room: its outcome
 * and date) and its actions.
 */
export function RoomCard({ room, finished }: { room: RoomRow; finished: boolean }) {
  const [, navigate] = useLocation();
  const titleId = useId();
  const proFull = isSideFull(room, 'PRO');
  const conFull = isSideFull(room, 'CON');
  return (
    <Card as="article" className="flex h-full flex-col gap-4 p-5 transition-shadow duration-200 hover:shadow-md">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <Badge tone="brand">{categoryText(room.category)}</Badge>
        <Badge>{memberText(room)}</Badge>
        <span className="tabular ml-auto font-semibold text-ink-muted">
          <span className="sr-only">총 토론 시간 </span>
          {durationText(room)}
        </span>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={titleId} className="line-clamp-2 text-lg font-bold text-ink">
          {room.title}
        </h3>
        <p className="truncate text-sm text-ink-muted">{room.description}</p>
      </div>
      {finished && room.outcome ? <OutcomeSummary outcome={room.outcome} /> : <HeadCount room={room} />}
      <div className="mt-auto flex gap-2" role="group" aria-labelledby={titleId}>
        {finished ? (
          <Button variant="secondary" className="flex-1" onClick={() => openArchive(navigate, room.id)}>
            보러가기
          </Button>
        ) : (
          <>
            <button
              type="button"
              className={cx(
                sideButton,
                'bg-pro-soft text-pro ring-pro/30 enabled:hover:bg-pro enabled:hover:text-white',
              )}
              disabled={proFull}
              title={proFull ? '찬성 자리가 모두 찼습니다' : undefined}
              onClick={() => joinRoom(navigate, room.id, 'PRO')}
            >
              찬성
            </button>
            <button
              type="button"
              className={cx(
                sideButton,
                'bg-con-soft text-con ring-con/30 enabled:hover:bg-con enabled:hover:text-white',
              )}
              disabled={conFull}
              title={conFull ? '반대 자리가 모두 찼습니다' : undefined}
              onClick={() => joinRoom(navigate, room.id, 'CON')}
            >
              반대
            </button>
            <Button variant="secondary" className="flex-1" onClick={() => observeRoom(navigate, room.id)}>
              참관
            </Button>
          </>
        )}
      </div>
    </Card>
  );
}

function HeadCount({ room }: { room: RoomRow }) {
  const seats = room.memberSize === null ? '' : `/${room.memberSize}`;
  return (
    <p className="tabular flex items-center gap-3 rounded-lg bg-surface px-3 py-2 text-sm">
      <span className="sr-only">{`찬성 ${room.pro}명, 반대 ${room.con}명`}</span>
      <span aria-hidden="true" className="inline-flex items-baseline gap-1.5">
        <span className="font-semibold text-pro">찬성</span>
        <span className="font-bold text-ink">
          {room.pro}
          <span className="font-normal text-ink-muted">{seats}</span>
        </span>
      </span>
      <span aria-hidden="true" className="h-4 w-px bg-line-strong" />
      <span aria-hidden="true" className="inline-flex items-baseline gap-1.5">
        <span className="font-semibold text-con">반대</span>
        <span className="font-bold text-ink">
          {room.con}
          <span className="font-normal text-ink-muted">{seats}</span>
        </span>
      </span>
    </p>
  );
}
