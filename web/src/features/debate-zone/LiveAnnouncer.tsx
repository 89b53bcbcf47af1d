import { cx } from '../../ui/cx';
/** The polite aria-live region: turn changes and new chat are read out as they happen. */
export function LiveAnnouncer({ message }: { message: string }) {
  return (
    <div role="log" aria-live="polite" aria-atomic="true" className="sr-only">
      {message}
    </div>
  );
}

/** Shown while the socket is down; the connection retries by itself. */
export function ConnectionBanner({ visible }: { visible: boolean }) {
  return (
    <div role="status" aria-live="assertive">
      {visible && (
        <p
          className={cx(
            'fixed inset-x-0 top-0 z-50 bg-warning px-4 py-2 text-center text-sm font-semibold',
            'text-white shadow',
          )}
        >
          연결이 끊겼어요. 다시 연결하는 중…
        </p>
      )}
    </div>
  );
}
