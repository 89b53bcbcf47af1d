import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { paths } from '../../lib/routes';
import { buttonClass } from '../../ui/Button';
import { CompassIcon } from '../../ui/icons';
import { cx } from '../../ui/cx';

export const NOT_FOUND_REDIRECT_S = 30;

/** Wrong path: a way back to the news, and home on its own after 30 seconds. */
export function NotFoundPage() {
  const [left, setLeft] = useState(NOT_FOUND_REDIRECT_S);
  const [, navigate] = useLocation();
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => s - 1), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left <= 0) navigate(paths.main(), { replace: true });
  }, [left, navigate]);

  return (
    <main
      id="main"
      className="flex min-h-[70dvh] flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
    >
      <span
        className={cx(
          'flex size-16 items-center justify-center rounded-full bg-surface text-ink-subtle ring-1',
          'ring-line',
        )}
      >
        <CompassIcon size={32} />
      </span>
      <div className="flex flex-col gap-2">
        <p className="tabular text-sm font-bold text-brand">404</p>
        <h1 className="text-2xl font-bold sm:text-3xl">잘못된 경로로 들어왔습니다</h1>
        <p className="text-ink-muted">주소가 바뀌었거나 없는 페이지예요.</p>
      </div>
      <Link href={paths.news('all')} className={buttonClass('primary', 'lg')}>
        뉴스 보러 가기
      </Link>
      <p role="timer" className="tabular text-sm text-ink-subtle">
        {Math.max(left, 0)}초 후 홈으로 이동합니다.
      </p>
    </main>
  );
}
