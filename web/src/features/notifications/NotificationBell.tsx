import { useEffect, useRef, useState } from 'react';
import { CountBadge } from '../../ui/Badge';
import { IconButton } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { BellIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { NotificationPanel } from './NotificationPanel';
import { pushState, registerPush, type PushState } from './push-registration';
import { useNotifications } from './use-notifications';

/** The header bell (not for admins): the unread badge, and the panel that closes on Escape or an outside click. */
export function NotificationBell({ userId, accessToken }: { userId: number; accessToken: string | null }) {
  const model = useNotifications(userId, accessToken);
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<number | 'all' | null>(null);
  const [push, setPush] = useState<PushState>(pushState);
  const [enabling, setEnabling] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const confirmingRef = useRef(confirming);
  confirmingRef.current = confirming;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || confirmingRef.current !== null) return;
      setOpen(false);
      root.current?.querySelector<HTMLButtonElement>('button[aria-haspopup]')?.focus();
    };
    const onPointer = (event: MouseEvent) => {
      if (confirmingRef.current !== null) return;
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
    };
  }, [open]);

  const unread = model.list.unreadCount;
  const enablePush = () => {
    setEnabling(true);
    void registerPush(userId).then((state) => {
      setEnabling(false);
      setPush(state);
      if (state === 'on') showToast('알림을 켰습니다.', 'success');
      else if (state === 'off') showToast('알림을 켜지 못했습니다. 잠시 후 다시 시도해 주세요.', 'error');
    });
  };
  const confirmDelete = () => {
    const target = confirming;
    setConfirming(null);
    if (target === 'all') model.removeAll();
    else if (target !== null) model.removeOne(target);
  };

  return (
    <div ref={root} className="relative">
      <IconButton
        label={unread > 0 ? `알림, 읽지 않은 알림 ${unread > 99 ? '99+' : unread}` : '알림'}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen((v) => !v);
          if (!open) {
            model.refresh();
            setPush(pushState());
          }
        }}
        className="relative"
      >
        <BellIcon />
        <span className="absolute right-0.5 top-0.5" aria-hidden="true">
          <CountBadge count={unread} label="읽지 않은 알림" />
        </span>
      </IconButton>
      {open && (
        <NotificationPanel
          model={model}
          push={push}
          enablePush={{ run: enablePush, busy: enabling }}
          onClose={() => setOpen(false)}
          onAskDelete={(id) => setConfirming(id ?? 'all')}
        />
      )}
      <ConfirmDialog
        open={confirming !== null}
        message="정말 삭제하시겠습니까?"
        confirmLabel="삭제"
        cancelLabel="취소"
        tone="danger"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
