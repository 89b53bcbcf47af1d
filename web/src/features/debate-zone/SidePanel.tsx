import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/icons';
import { cx } from '../../ui/cx';

/**
 * The mobile slide-in panel (participants and room info): Escape and the backdrop close it, focus moves in and back.
 */
export function SidePanel({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    if (!window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      panel.current?.animate([{ transform: 'translateX(100%)' }, { transform: 'none' }], {
        duration: 200,
        easing: 'ease-out',
      });
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [open]);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="absolute inset-0 bg-ink/40" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        className={cx(
          'absolute inset-y-0 right-0 flex w-[min(22rem,88vw)] flex-col gap-3 overflow-y-auto',
          'bg-surface p-4 shadow-xl',
          'focus:outline-none',
        )}
      >
        <div className="flex items-center justify-between">
          <h2 className="text-base font-bold">{title}</h2>
          <button
            type="button"
            aria-label="닫기"
            onClick={onClose}
            className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-surface-strong"
          >
            <CloseIcon aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
