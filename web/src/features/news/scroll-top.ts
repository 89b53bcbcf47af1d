import { useEffect, useState } from 'react';

/**
 * The scroll-to-top button appears once the page is scrolled more than this (docs/product-rules.md#client-behaviour).
 */
export const SCROLL_TOP_THRESHOLD = 200;

/** Whether the scroll-to-top button shows at this scroll position. */
export const showsScrollTop = (scrollY: number, threshold = SCROLL_TOP_THRESHOLD): boolean => scrollY > threshold;

/** Follows the window's scroll position (once per frame) and tells whether it is past the threshold. */
export function useScrolledPast(threshold = SCROLL_TOP_THRESHOLD): boolean {
  const [past, setPast] = useState(() => showsScrollTop(window.scrollY, threshold));
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setPast(showsScrollTop(window.scrollY, threshold));
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    measure();
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [threshold]);
  return past;
}

/** Scrolls back to the top (instantly for people who prefer less motion) and hands focus to `target`. */
export function scrollToTop(target: HTMLElement | null): void {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  target?.focus({ preventScroll: true });
}
