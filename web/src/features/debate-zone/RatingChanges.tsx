import { queryKeys, useQuery } from '../../lib/server-data';
import { RatingChange, RatingValue } from '../../ui/Rating';
import { SideTag } from '../../ui/SideTag';
import { cx } from '../../ui/cx';
import { fetchRoomRatingChanges } from './room-api';
import type { RoomViewModel } from './view-model';

/**
 * What the finished debate did to each debater's rating: side, name, the new rating ("1662?" while
 * provisional) and the change (+162, −162). Nothing until the room has its result; nothing either
 * when the debate was not rated.
 */
export function RatingChanges({ vm }: { vm: RoomViewModel }) {
  const { roster, result } = vm.state;
  const changes = useQuery({
    queryKey: queryKeys.ratings.room(vm.roomId),
    queryFn: () => fetchRoomRatingChanges(vm.roomId),
    enabled: result !== null,
  });
  if (!roster || result === null || !changes.data || changes.data.length === 0) return null;
  const byUser = new Map(changes.data.map((c) => [c.userId, c]));
  const rows = (['PRO', 'CON'] as const).flatMap((side) =>
    roster[side].flatMap((member) => {
      const change = byUser.get(member.userId);
      return change ? [{ member, side, change }] : [];
    }),
  );
  return (
    <section aria-labelledby="rating-changes" className="flex w-full flex-col gap-2 text-left">
      <h2 id="rating-changes" className="text-sm font-bold text-ink-muted">
        레이팅 변화
      </h2>
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line" data-testid="rating-changes">
        {rows.map(({ member, side, change }) => (
          <li
            key={member.userId}
            className={cx('flex items-center gap-3 px-4 py-2.5', member.userId === vm.me && 'bg-surface')}
          >
            <SideTag side={side} />
            <span className="min-w-0 flex-1 truncate font-semibold">
              {member.nickname}
              {member.userId === vm.me && <span className="ml-1 text-xs font-normal text-ink-muted">(나)</span>}
            </span>
            <RatingValue rating={change.rating} provisional={change.provisional} className="text-sm" />
            <RatingChange change={change.change} className="w-12 text-right text-sm" />
          </li>
        ))}
      </ul>
    </section>
  );
}
