import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { CONTINENT_MENU, type ContinentCode } from './news-query';

interface CategorySidebarProps {
  /** The highlighted region; null on the detail page when the article's region is unknown. */
  active: ContinentCode | null;
  /** The address each entry leads to. */
  hrefFor: (code: ContinentCode) => string;
}

/** The region menu: a column beside the content on large screens, a horizontal scroller above it on small ones. */
export function CategorySidebar({ active, hrefFor }: CategorySidebarProps) {
  const list = useRef<HTMLUListElement>(null);
  // On a phone the chosen region may sit beyond the right edge of the scroller: bring it into view.
  useEffect(() => {
    const scroller = list.current;
    const current = scroller?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!scroller || !current || scroller.scrollWidth <= scroller.clientWidth) return;
    scroller.scrollLeft = current.offsetLeft - (scroller.clientWidth - current.offsetWidth) / 2;
  }, [active]);
  return (
    <nav aria-label="뉴스 지역" className="-mx-4 min-w-0 sm:-mx-6 lg:sticky lg:top-24 lg:mx-0 lg:self-start">
      <p aria-hidden="true" className="mb-3 hidden px-3 text-xs font-semibold text-ink-subtle lg:block">
        지역
      </p>
      <ul
        ref={list}
        className={cx(
          'relative flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]',
          'sm:px-6 lg:flex-col lg:gap-0.5 lg:overflow-visible lg:px-0 lg:pb-0',
        )}
      >
        {CONTINENT_MENU.map(({ code, label }) => {
          const current = code === active;
          return (
            <li key={code} className="shrink-0">
              <Link
                href={hrefFor(code)}
                aria-current={current ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4',
                  'text-[0.9375rem] font-semibold transition-colors duration-150',
                  'lg:flex lg:w-full lg:rounded-lg lg:border-0 lg:px-3',
                  current
                    ? cx(
                        'border-ink bg-ink text-white',
                        'lg:bg-surface lg:text-ink lg:shadow-[inset_3px_0_0_var(--color-brand)]',
                      )
                    : 'border-line-strong bg-paper text-ink-muted hover:text-ink lg:bg-transparent lg:hover:bg-surface',
                )}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
