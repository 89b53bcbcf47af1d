import { useEffect, useId, useRef } from 'react';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { NotificationEntry } from './NotificationEntry';
import { PermissionGuide } from './PermissionGuide';
import type { PushState } from './push-registration';
import type { NotificationsModel } from './use-notifications';
import { useNicknames } from './use-nicknames';

interface PanelProps {
  model: NotificationsModel;
  /** Push in this browser: off offers 알림 켜기, blocked shows how to allow it in the browser. */
  push: PushState;
  /** 알림 켜기: asks the browser for permission and registers it (busy while that runs). */
  enablePush: { run: () => void; busy: boolean };
  onClose: () => void;
  /** Asks to delete one item (id) or everything (null); the confirmation lives with the bell. */
  onAskDelete: (id: number | null) => void;
}

/**
 * The notification panel (docs/product-rules.md#notifications): title 알림, bulk actions when there are items, the list
 * with
 * infinite scroll; while push is off a 알림 켜기 offer above the list, and once the browser has
 * blocked it the per-browser way to allow it again beside the list.
 */
export function NotificationPanel({ model, push, enablePush, onClose, onAskDelete }: PanelProps) {
  const showGuide = push === 'blocked';
  const titleId = useId();
  const guideId = useId();
  const sentinel = useRef<HTMLLIElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Opening moves the focus into the panel, so a keyboard user goes on from its first control.
  useEffect(() => panel.current?.focus(), []);
  const { list, status, loadMore } = model;
  const nicknames = useNicknames(list.items.filter((i) => i.notificationType === 'FOLLOW').map((i) => i.typeId));
  const hasItems = list.items.length > 0;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || list.nextPage === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
    };
  }, [list.nextPage, loadMore]);

  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cx(
        'focus:outline-none',
        'fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden',
        'rounded-2xl border border-line bg-paper shadow-xl',
        'sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2',
        showGuide ? 'sm:w-[40rem]' : 'sm:w-[24rem]',
      )}
    >
      <div className="flex items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 id={titleId} className="text-base font-bold">
          알림
        </h2>
        {hasItems && (
          <div className="flex gap-1">
            <Button variant="ghost" className="min-h-10 px-3 text-sm" onClick={model.readAll}>
              모두 읽기
            </Button>
            <Button
              variant="ghost"
              className="min-h-10 px-3 text-sm text-danger hover:text-danger"
              onClick={() => onAskDelete(null)}
            >
              모두 삭제
            </Button>
          </div>
        )}
      </div>
      {push === 'off' && (
        <div className="flex items-center gap-3 border-b border-line bg-brand-soft/60 px-4 py-3">
          <p className="min-w-0 flex-1 text-sm leading-snug text-ink">
            브라우저 알림을 켜면 토론 소식을 바로 받아볼 수 있어요.
          </p>
          <Button className="min-h-10 shrink-0 px-3 text-sm" onClick={enablePush.run} loading={enablePush.busy}>
            알림 켜기
          </Button>
        </div>
      )}
      {push === 'unsupported' && (
        <p className="border-b border-line bg-surface px-4 py-3 text-sm text-ink-muted">
          이 브라우저에서는 푸시 알림을 받을 수 없어요. 새 알림은 이 목록에서 확인해 주세요.
        </p>
      )}
      <div
        className={cx('flex min-h-0 flex-1 flex-col overflow-y-auto', showGuide && 'sm:flex-row sm:overflow-hidden')}
      >
        <div className="min-w-0 flex-1 sm:overflow-y-auto" aria-busy={status === 'loading' || model.loadingMore}>
          {status === 'failed' && !hasItems ? (
            <p className="px-4 py-10 text-center text-[0.9375rem] text-ink-muted">알림을 불러오지 못했습니다.</p>
          ) : !hasItems ? (
            <p className="px-4 py-10 text-center text-[0.9375rem] text-ink-muted">
              {status === 'loading' ? '불러오는 중…' : '알림이 없습니다'}
            </p>
          ) : (
            <ul aria-label="알림 목록" className="divide-y divide-line">
              {list.items.map((item) => (
                <NotificationEntry
                  key={item.id}
                  item={item}
                  nickname={nicknames.get(item.typeId)}
                  onRead={() => item.statusType === 'UNREAD' && model.readOne(item.id)}
                  onDelete={() => onAskDelete(item.id)}
                  onNavigate={onClose}
                />
              ))}
              {list.nextPage !== null && (
                <li ref={sentinel} className="px-4 py-3 text-center text-sm text-ink-subtle">
                  {model.loadingMore ? '더 불러오는 중…' : ''}
                </li>
              )}
            </ul>
          )}
        </div>
        {showGuide && (
          <div className="border-t border-line p-3 sm:w-64 sm:shrink-0 sm:overflow-y-auto sm:border-l sm:border-t-0">
            <PermissionGuide titleId={guideId} />
          </div>
        )}
      </div>
    </div>
  );
}
