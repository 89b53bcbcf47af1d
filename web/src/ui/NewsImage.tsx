import { useState } from 'react';
import { NewsIcon } from './icons';
import { cx } from './cx';

interface NewsImageProps {
  src: string | null;
  /** Usually '' : the title next to the image already names it. */
  alt?: string;
  /** Sets the box shape, e.g. 'aspect-[16/9]'; the image covers it. */
  className?: string;
  /** Load at once (the featured article above the fold). */
  eager?: boolean;
}

/** A news picture in a fixed-shape box; a quiet placeholder when there is none or it fails to load. */
export function NewsImage({ src, alt = '', className, eager = false }: NewsImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src !== null && src !== failed;
  return (
    <div className={cx('relative overflow-hidden bg-surface-strong', className)}>
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
