import { cx } from '../../ui/cx';
import { ArrowUpIcon } from './news-icons';
import { scrollToTop, useScrolledPast } from './scroll-top';

/** A round button at the bottom right that appears after 200 px of scrolling. */
export function ScrollTopButton({ focusTarget }: { focusTarget: () => HTMLElement | null }) {
  const shown = useScrolledPast();
  return (
    <button
      type="button"
      aria-label="맨 위로"
      title="맨 위로"
      onClick={() => scrollToTop(focusTarget())}
      tabIndex={shown ? 0 : -1}
      aria-hidden={shown ? undefined : true}
      className={cx(
        'fixed bottom-6 right-4 z-30 inline-flex size-12 items-center justify-center rounded-full',
        'border border-line-strong bg-paper text-ink shadow-lg',
        'transition-[opacity,transform] duration-200 hover:bg-surface sm:right-6',
        shown ? 'opacity-100' : 'pointer-events-none translate-y-2 opacity-0',
      )}
    >
      <ArrowUpIcon />
    </button>
  );
}
