import { useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { useUser } from '../lib/user-store';
import { ButtonLink } from '../ui/Button';
import { Avatar } from '../ui/Avatar';
import { cx } from '../ui/cx';
import type { SessionView } from './access';
import type { HeaderVariant } from './shell-visibility';
import { Logo } from '../ui/Logo';
import { NotificationSlot } from './NotificationSlot';
import { useReturnPath } from '../lib/return-path';
import { paths } from '../lib/routes';
import { useHeaderOffset } from './header-offset';

interface HeaderProps {
  variant: Exclude<HeaderVariant, 'hidden'>;
  session: SessionView;
}

export function Header({ variant, session }: HeaderProps) {
  const header = useRef<HTMLElement>(null);
  useHeaderOffset(header);
  return (
    <header
      ref={header}
      className={cx(
        'sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur',
        'supports-[backdrop-filter]:bg-paper/85',
      )}
    >
      {variant === 'landing' ? (
        <LandingBar signedIn={session.signedIn} />
      ) : (
        <NormalBar isAdmin={session.role === 'ROLE_ADMIN'} />
      )}
    </header>
  );
}

function LandingBar({ signedIn }: { signedIn: boolean }) {
  const next = useReturnPath();
  return (
    <div className="page-width flex h-16 items-center justify-between">
      <Logo href={paths.landing()} />
      {signedIn ? (
        <ButtonLink href={next ?? paths.main()}>토론 시작하기</ButtonLink>
      ) : (
        <ButtonLink href={paths.login(next)}>로그인</ButtonLink>
      )}
    </div>
  );
}

function NormalBar({ isAdmin }: { isAdmin: boolean }) {
  const user = useUser();
  const links = [
    { href: paths.news('all'), match: '/news', label: '뉴스' },
    { href: paths.debateRooms(), match: '/debate-rooms', label: '토론방' },
    { href: paths.debaters(), match: '/debaters', label: '토론자' },
    ...(isAdmin ? [{ href: paths.admin(), match: '/admin', label: '관리자' }] : []),
  ];
  return (
    <div className="page-width flex flex-wrap items-center gap-x-6 sm:h-16 sm:flex-nowrap">
      <div className="flex h-14 flex-1 items-center sm:h-auto sm:flex-none">
        <Logo href={paths.main()} />
      </div>
      <Nav links={links} />
      <div className="order-2 flex items-center gap-1 sm:order-3 sm:ml-auto">
        {!isAdmin && <NotificationSlot />}
        {user.userId !== null && (
          <Link
            href={paths.userPage(user.userId)}
            aria-label="내 프로필"
            className="inline-flex size-11 items-center justify-center rounded-full"
          >
            <Avatar src={user.profileUrl} alt="" size="sm" />
          </Link>
        )}
      </div>
    </div>
  );
}

function Nav({ links }: { links: Array<{ href: string; match: string; label: string }> }) {
  const [location] = useLocation();
  return (
    <nav
      aria-label="주요 메뉴"
      className={cx(
        'order-3 -mx-4 w-[calc(100%+2rem)] overflow-x-auto border-t border-line px-2',
        'sm:order-2 sm:mx-0 sm:w-auto sm:border-0 sm:px-0',
      )}
    >
      <ul className="flex items-center gap-1">
        {links.map((link) => {
          const active = location === link.match || location.startsWith(`${link.match}/`);
          return (
            <li key={link.match}>
              <Link
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center rounded-lg px-3 text-[0.9375rem] font-semibold',
                  'transition-colors duration-150',
                  active ? 'text-ink' : 'text-ink-subtle hover:text-ink',
                )}
              >
                {link.label}
                {active && <span className="sr-only"> (현재 페이지)</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
