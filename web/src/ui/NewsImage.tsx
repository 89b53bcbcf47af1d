import { useState } from 'react';
import { NewsIcon } from './icons';
import { cx } from './cx';

interface NewsImageProps {
  src: string | null;
  /** Usually '' : the title next to the image already names it. */
  alt?: string;
  /** Width, rounding and placement; the shape is the component's own. */
  className?: string;
  /** Load at once (the featured article above the fold). */
  eager?: boolean;
}

/**
 * A news picture in a box of the shape news pictures are made in (1200 × 630, the link-preview
 * size), so a thumbnail shows the whole picture — the label printed on it included — instead of
 * a crop; a quiet placeholder when there is none or it fails to load.
 */
export function NewsImage({ src, alt = '', className, eager = false }: NewsImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src !== null && src !== failed;
  return (
    <div className={cx('relative aspect-[40/21] overflow-hidden bg-surface-strong', className)}>
      {usable ? (
        <img
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(src)}
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-ink-subtle/60">
          <NewsIcon size={28} />
        </span>
      )}
    </div>
  );
}
