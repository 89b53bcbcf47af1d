import { Logo } from '../ui/Logo';
import { paths } from '../lib/routes';
import { cx } from '../ui/cx';

// The four external links (docs/product-rules.md#screens-and-guards); kept together so they are easy to point
// elsewhere.
const FOOTER_LINKS = [
  { label: '서비스 소개', href: 'https://github.com/prgrms-web-devcourse-final-project/WEB2_3_BlockB_FE#readme' },
  { label: '블로그', href: 'https://velog.io/' },
  { label: 'GitHub', href: 'https://github.com/prgrms-web-devcourse-final-project' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
];

export function Footer() {
  return (
    <footer className="border-t border-line bg-surface">
      <div className="page-width flex flex-col gap-6 py-10 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <Logo href={paths.landing()} />
          <p className="text-sm text-ink-muted">Sharing Thoughts Not Just Words · 말이 아닌 생각을 나눕니다</p>
        </div>
        <nav aria-label="바깥 링크">
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {FOOTER_LINKS.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cx(
                    'inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-ink-muted',
                    'hover:text-ink',
                  )}
                >
                  {link.label}
                  <span className="sr-only"> (새 창)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="page-width pb-8 text-xs text-ink-subtle">© {new Date().getFullYear()} Toron. 모든 권리 보유.</p>
    </footer>
  );
}
