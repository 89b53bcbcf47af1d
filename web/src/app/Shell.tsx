import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Footer } from './Footer';
import { Header } from './Header';
import { shellVisibility } from './shell-visibility';
import { useSessionView } from './use-session-view';
import { cx } from '../ui/cx';

/** Header and footer around the page, following the visibility rules; a skip link first. */
export function Shell({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const session = useSessionView();
  const visibility = shellVisibility(location, session.signedIn);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className={cx(
          'sr-only z-[80] rounded-lg bg-ink px-4 py-2 text-white',
          'focus:not-sr-only focus:fixed focus:left-3 focus:top-3',
        )}
      >
        본문으로 건너뛰기
      </a>
      {visibility.header !== 'hidden' && <Header variant={visibility.header} session={session} />}
      <div className="flex flex-1 flex-col">{children}</div>
      {visibility.footer && <Footer />}
    </div>
  );
}
