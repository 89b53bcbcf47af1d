import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { ButtonLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ArrowRightIcon, ChatIcon, EyeIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { topCategoryText, topDurationText, useTopRooms, type TopRoom } from './debate-top-rooms';
import { cx } from '../../ui/cx';

/** The home's '토론 TOP 10' tab: the ten most watched live rooms, each opening the observer view. */
export function DebateTopSlot() {
  const rooms = useTopRooms();
  return (
    <section aria-labelledby="debate-top-heading" className="flex flex-col gap-5">
      <div className="flex items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="debate-top-heading" className="text-xl font-bold sm:text-2xl">
            지금 뜨거운 토론
          </h2>
          <p className="text-sm text-ink-muted">참관자가 많은 토론방을 실시간으로 보여 드려요.</p>
        </div>
        <Link
          href={paths.debateRooms()}
          className={cx(
            'inline-flex min-h-11 shrink-0 items-center gap-1 text-sm font-semibold text-brand',
            'underline-offset-4',
            'hover:underline',
          )}
        >
          더보기<span className="sr-only"> (토론방 목록)</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
      {rooms === null ? (
        <TopSkeleton />
      ) : rooms.length === 0 ? (
        <EmptyState
          icon={<ChatIcon />}
          text="현재 표시할 토론방이 없습니다"
          action={
            <ButtonLink href={paths.debateRooms()} variant="secondary">
              토론방 둘러보기
            </ButtonLink>
          }
        />
      ) : (
        <ol aria-label="토론 TOP 10" className="grid gap-x-8 border-t border-line md:grid-cols-2">
          {rooms.map((room, i) => (
            <li key={room.id} className="border-b border-line">
              <TopRow room={room} rank={i + 1} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function TopRow({ room, rank }: { room: TopRoom; rank: number }) {
  return (
    <Link href={paths.observingZone(room.id)} className="group flex min-h-16 items-center gap-4 py-3.5">
      <span className="tabular w-6 shrink-0 text-center text-lg font-bold text-brand">{rank}</span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-semibold text-ink group-hover:underline group-hover:underline-offset-4">
          {room.title}
        </span>
        <span className="tabular flex flex-wrap items-center gap-x-2 text-sm text-ink-muted">
          <span>{topCategoryText(room.category)}</span>
          <span aria-hidden="true">·</span>
          <span>
            <span className="sr-only">예상 토론 시간 </span>
            {topDurationText(room)}
          </span>
          <span aria-hidden="true">·</span>
          <span>{`${room.memberSize}:${room.memberSize}`}</span>
        </span>
      </span>
      <span
        className={cx(
          'inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-ink-muted',
          'group-hover:text-brand',
        )}
      >
        <EyeIcon size={18} />
        참관
      </span>
    </Link>
  );
}

function TopSkeleton() {
  return (
    <ol
      aria-busy="true"
      aria-label="토론 TOP 10 불러오는 중"
      className="grid gap-x-8 border-t border-line md:grid-cols-2"
    >
      {Array.from({ length: 6 }, (_, n) => (
        <li key={n} className="flex items-center gap-4 border-b border-line py-4">
          <Skeleton className="h-6 w-6" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ol>
  );
}
