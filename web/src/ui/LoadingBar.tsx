import { useEffect, useState } from 'react';
import { useLoadingProgress } from './loading-progress';
import { cx } from './cx';

interface LoadingBarProps {
  loading: boolean;
  /** Cover the screen with the percentage (admin list); otherwise a thin bar at the top. */
  fullScreen?: boolean;
  tickMs?: number;
}

const LINGER_MS = 300;

/** Shows progress while loading, then 100 % for a moment before it disappears. */
export function LoadingBar({ loading, fullScreen = false, tickMs }: LoadingBarProps) {
  const progress = useLoadingProgress(loading, tickMs);
  const [shown, setShown] = useState(loading);
  useEffect(() => {
    if (loading) {
      setShown(true);
      return;
    }
    const timer = setTimeout(() => setShown(false), LINGER_MS);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!shown) return null;

  const bar = (
    <div
      role="progressbar"
      aria-label="불러오는 중"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      className={cx(
        'h-1 overflow-hidden bg-brand-soft',
        fullScreen ? 'w-64 rounded-full' : 'fixed inset-x-0 top-0 z-[70]',
      )}
    >
      <div className="h-full bg-brand transition-[width] duration-150" style={{ width: `${progress}%` }} />
    </div>
  );
  if (!fullScreen) return bar;
  return (
    <div className="fixed inset-0 z-[70] flex flex-col items-center justify-center gap-3 bg-paper/90">
      {bar}
      <p className="tabular text-sm font-semibold text-ink-muted">{progress}%</p>
    </div>
  );
}
