import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type ToastTone } from './toast';
import { CheckIcon, AlertIcon, CloseIcon } from './icons';
import { cx } from './cx';

const tones: Record<ToastTone, string> = {
  success: 'text-success',
  error: 'text-danger',
  info: 'text-brand',
};

/** The toast region: announced politely to screen readers. */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={cx(
            'pointer-events-auto flex w-full max-w-sm animate-toast-in items-center gap-3 rounded-xl',
            'bg-ink px-4 py-3 text-[0.9375rem] text-white shadow-lg',
          )}
        >
          <span
            className={cx('flex size-6 shrink-0 items-center justify-center rounded-full bg-white', tones[toast.tone])}
          >
            {toast.tone === 'error' ? <AlertIcon size={16} /> : <CheckIcon size={16} />}
          </span>
          <p className="flex-1">{toast.message}</p>
          <button
            type="button"
            aria-label="알림 닫기"
            onClick={() => dismissToast(toast.id)}
            className="-mr-2 inline-flex size-9 items-center justify-center rounded-lg text-white/80 hover:text-white"
          >
            <CloseIcon size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
