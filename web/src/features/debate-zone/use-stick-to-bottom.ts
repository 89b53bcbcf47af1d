import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/** How far above its end (px) a log still counts as read to the end: a line's rounding, not a scrolled-up reader. */
const NEAR_END = 24;

/**
 * Keeps a scrolling log at its newest line while the reader is there. When `count` changes the log sets its own
 * scrollTop (scrollIntoView would also scroll every scrollable ancestor, the window included); once the reader has
 * scrolled up inside it, new lines leave it where it is until they scroll back down to the end, or until the newest
 * line is their own (`ownNewest`): what they just sent is shown, not left out of sight below.
 */
export function useStickToBottom<T extends HTMLElement>(count: number, ownNewest = false): RefObject<T | null> {
  const ref = useRef<T>(null);
  const atEnd = useRef(true);
  useEffect(() => {
    const log = ref.current;
    if (!log) return;
    const onScroll = () => {
      atEnd.current = log.scrollHeight - log.scrollTop - log.clientHeight <= NEAR_END;
    };
    log.addEventListener('scroll', onScroll, { passive: true });
    return () => log.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    const log = ref.current;
    if (log && (atEnd.current || ownNewest)) log.scrollTop = log.scrollHeight;
  }, [count, ownNewest]);
  return ref;
}
