import { useLayoutEffect, useState } from 'react';
import { cx } from './cx';

/**
 * A title in a narrow top bar: at most two lines (a line without a break opportunity wraps too,
 * as `user-text`), so the bar's controls keep their place. When the two lines cut it, pressing it
 * shows the whole title, and pressing again folds it back.
 */
export function ClampedTitle({ text, className }: { text: string; className?: string }) {
  const [node, setNode] = useState<HTMLSpanElement | null>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (!node || open) return;
    const measure = () => setCut(node.scrollHeight > node.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [node, open, text]);
  const shown = (
    <span ref={setNode} className={cx('user-text', open ? 'block' : 'line-clamp-2')}>
      {text}
    </span>
  );
  return (
    <h1 className={cx('min-w-0', className)}>
      {cut || open ? (
        <button
          type="button"
          aria-expanded={open}
          onClick={() => setOpen((v) => !v)}
          className="block w-full cursor-pointer rounded-sm text-start"
        >
          {shown}
        </button>
      ) : (
        shown
      )}
    </h1>
  );
}
