import { POSITION_LABELS, type Participant, type Side } from '@toron/engine';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { FlagIcon } from '../../ui/icons';
import { RecordLine } from '../../ui/RecordLine';
import { SideTag } from '../../ui/SideTag';
import { StaffBadge } from '../../ui/StaffBadge';
import { useIsStaff } from '../../lib/staff';
import type { OnReport } from './report-request';

interface ListedDebater {
  readonly userId: number;
  readonly nickname: string;
  readonly imageUrl: string | null;
  readonly seated: boolean;
}

interface ParticipantListProps {
  side: Side;
  debaters: readonly ListedDebater[];
  cards: ReadonlyMap<number, Participant>;
  me: number | null;
  onReport?: OnReport;
  /** Highlight as the viewer's own side. */
  mine?: boolean;
  className?: string;
}

/** One side's debaters with their records and a report button each (the debate screen). */
export function ParticipantList({ side, debaters, cards, me, onReport, mine, className }: ParticipantListProps) {
  const isStaff = useIsStaff();
  return (
    <section
      aria-label={`${POSITION_LABELS[side]} 측 참가자`}
      className={cx(
        'rounded-xl border-t-4 bg-paper p-3 ring-1 ring-line',
        side === 'PRO' ? 'border-t-pro' : 'border-t-con',
        mine && 'ring-2 ring-brand',
        className,
      )}
    >
      <h2 className="flex items-center gap-2 px-1 pb-2 text-sm font-bold">
        <SideTag side={side} />
        <span className="tabular text-ink-muted">{debaters.length}명</span>
        {mine && <span className="text-xs font-semibold text-brand">나의 입장</span>}
      </h2>
      <ul className="flex flex-col gap-1">
        {debaters.map((d) => {
          const card = cards.get(d.userId);
          return (
            <li
              key={d.userId}
              className={cx('flex items-center gap-3 rounded-lg px-1 py-2', !d.seated && 'opacity-70')}
            >
              <Avatar src={card?.profileUrl ?? d.imageUrl} alt="" size="md" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-[0.9375rem] font-semibold">
                  {d.nickname}
                  {d.userId === me && <span className="ml-1 text-xs font-semibold text-ink-muted">(나)</span>}
                  {isStaff(d.userId) && <StaffBadge className="ml-1.5 align-middle" />}
                  {!d.seated && <span className="ml-1 text-xs font-semibold text-ink-muted">퇴장</span>}
                </p>
                <RecordLine
                  wins={card?.winNumber}
                  draws={card?.drawNumber}
                  losses={card?.defeatNumber}
                  className="text-xs"
                />
              </div>
              {onReport && d.userId !== me && (
                <button
                  type="button"
                  aria-label={`${d.nickname}님 신고`}
                  title="신고"
                  onClick={() =>
                    onReport({
                      targetUserId: d.userId,
                      nickname: d.nickname,
                      targetType: 'PROFILE',
                      targetRoomId: null,
                    })
                  }
                  className={cx(
                    'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-subtle',
                    'hover:bg-surface hover:text-danger',
                  )}
                >
                  <FlagIcon size={16} aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
        {debaters.length === 0 && <li className="px-1 py-2 text-sm text-ink-muted">아직 참가자가 없어요</li>}
      </ul>
    </section>
  );
}
