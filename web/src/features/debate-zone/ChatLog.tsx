import { formatTime } from '../../lib/dates';
import { useIsStaff } from '../../lib/staff';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { FlagIcon } from '../../ui/icons';
import { SideTag } from '../../ui/SideTag';
import { StaffBadge } from '../../ui/StaffBadge';
import type { ChatItem } from './chat-items';
import type { OnReport } from './report-request';
import { useStickToBottom } from './use-stick-to-bottom';

interface ChatLogProps {
  items: readonly ChatItem[];
  me: number | null;
  roomId: string;
  label: string;
  onReport?: OnReport;
  empty?: string;
  className?: string;
  /** The debate as two sides facing each other, the same for every reader: PRO on the left, CON on the right. */
  facing?: boolean;
  /** A replay's transcript: the reader's own lines there were sent long ago, so they do not pull the log down. */
  replayed?: boolean;
}

/**
 * A chat column: own messages on the right and others on the left (or, facing, PRO left and CON
 * right), notices centred under 공지; bubbles as wide as their text up to a readable measure;
 * follows new lines while the reader is at the end.
 */
export function ChatLog({
  items,
  me,
  roomId,
  label,
  onReport,
  empty = '아직 메시지가 없어요',
  className,
  facing = false,
  replayed = false,
}: ChatLogProps) {
  const isStaff = useIsStaff();
  const count = items.length;
  const newest = items[count - 1];
  const justSent = !replayed && newest?.kind === 'message' && newest.userId === me;
  const log = useStickToBottom<HTMLOListElement>(count, justSent);
  return (
    <ol ref={log} aria-label={label} className={cx('flex flex-col gap-3 overflow-y-auto px-3 py-4', className)}>
      {count === 0 && <li className="m-auto text-sm text-ink-muted">{empty}</li>}
      {items.map((item) => {
        if (item.kind === 'notice') {
          return (
            <li
              key={item.seq}
              className={cx(
                'mx-auto flex max-w-[90%] items-baseline gap-2 rounded-full bg-surface-strong px-3 py-1',
                'text-center text-[0.8125rem] text-ink-muted',
              )}
            >
              <span className="shrink-0 whitespace-nowrap font-bold text-ink">공지</span>
              <span>{item.text}</span>
            </li>
          );
        }
        const mine = item.userId === me;
        const right = facing ? item.side === 'CON' : mine;
        const tone =
          item.side === 'PRO'
            ? 'bg-pro-soft ring-pro/20'
            : item.side === 'CON'
              ? 'bg-con-soft ring-con/20'
              : 'bg-surface ring-line';
        return (
          <li
            key={item.seq}
            className={cx('flex max-w-[min(85%,36rem)] gap-2', right ? 'flex-row-reverse self-end' : 'self-start')}
          >
            {(facing || !mine) && <Avatar src={item.imageUrl} alt="" size="sm" className="mt-5" />}
            <div className={cx('flex min-w-0 flex-col gap-1', right && 'items-end')}>
              <p className="flex items-center gap-1.5 text-xs text-ink-muted">
                {item.side !== 'OBSERVER' && <SideTag side={item.side} />}
                <span className="font-semibold text-ink">{mine ? '나' : item.nickname}</span>
                {isStaff(item.userId) && <StaffBadge />}
                <time className="tabular" dateTime={new Date(item.at).toISOString()}>
                  {formatTime(item.at)}
                </time>
              </p>
              <div className={cx('flex items-end gap-1', right && 'flex-row-reverse')}>
                <p
                  className={cx(
                    'user-text rounded-2xl px-3.5 py-2 text-[0.9375rem] leading-relaxed ring-1',
                    tone,
                    right ? 'rounded-tr-sm' : 'rounded-tl-sm',
                  )}
                >
                  {item.text}
                </p>
                {onReport && !mine && (
                  <button
                    type="button"
                    aria-label={`${item.nickname}님의 메시지 신고`}
                    title="메시지 신고"
                    onClick={() =>
                      onReport({
                        targetUserId: item.userId,
                        nickname: item.nickname,
                        targetType: 'CHAT',
                        targetRoomId: roomId,
                        message: item.text,
                      })
                    }
                    className={cx(
                      'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-subtle',
                      'hover:bg-surface hover:text-danger',
                    )}
                  >
                    <FlagIcon size={14} aria-hidden="true" />
                  </button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
