import { Link } from 'wouter';
import { IconButton } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { TrashIcon } from '../../ui/icons';
import { When } from '../../ui/When';
import { linkOf, messageOf } from './notification-list';
import type { NotificationItem } from './notifications-api';

interface EntryProps {
  item: NotificationItem;
  nickname: string | undefined;
  onRead: () => void;
  onDelete: () => void;
  onNavigate: () => void;
}

/** One notification: the read dot, the message (a click marks it read), its link and delete. */
export function NotificationEntry({ item, nickname, onRead, onDelete, onNavigate }: EntryProps) {
  const unread = item.statusType === 'UNREAD';
  const link = linkOf(item);
  const message = messageOf(item, nickname);
  return (
    <li className={cx('flex items-start gap-3 px-4 py-3', unread ? 'bg-brand-soft/60' : 'bg-paper')}>
      <span
        aria-hidden="true"
        className={cx('mt-2 size-2 shrink-0 rounded-full', unread ? 'bg-danger' : 'bg-line-strong')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <button type="button" onClick={onRead} className="text-left text-[0.9375rem] leading-snug text-ink">
          <span className="sr-only">{unread ? '읽지 않음: ' : '읽음: '}</span>
          {message}
        </button>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-subtle">
          {item.createdAt && <When value={item.createdAt} />}
          {link && (
            <Link
              href={link.href}
              onClick={() => {
                onRead();
                onNavigate();
              }}
              className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-2 hover:underline"
            >
              {link.label}
            </Link>
          )}
        </div>
      </div>
      <IconButton label="알림 삭제" onClick={onDelete} className="-mr-2 -mt-1.5 shrink-0">
        <TrashIcon />
      </IconButton>
    </li>
  );
}
