import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes an open popover the way people expect: Escape (focus goes back to its toggle) and a
 * press anywhere outside `root` (focus stays where the press put it).
 */
export function useDismiss(
  root: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      closeRef.current();
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, root, toggle]);
}
