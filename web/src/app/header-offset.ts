import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--header-height` on the root at the sticky header's height while it is shown: the page's
 * scroll padding (index.css) then stops the browser from scrolling a focused control, or an anchor's
 * target, under the header. Its height changes with the screen (two rows on phones).
 */
export function useHeaderOffset(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-height', `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--header-height');
    };
  }, [header]);
}
