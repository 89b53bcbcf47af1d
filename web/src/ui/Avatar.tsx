import { useState } from 'react';
import { cx } from './cx';

const DEFAULT_AVATAR = '/default-avatar.svg';

const sizes = { sm: 'size-8', md: 'size-11', lg: 'size-16', xl: 'size-24 sm:size-28' } as const;

interface AvatarProps {
  src?: string | null;
  /** Korean alt text, e.g. '홍길동님의 프로필 이미지'; empty when a visible name sits next to it. */
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** A round profile image that falls back to the default image when none is set or it fails to load. */
export function Avatar({ src, alt, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = src && src !== failed ? src : DEFAULT_AVATAR;
  return (
    <img
      src={url}
      alt={alt}
      onError={() => setFailed(src ?? null)}
      loading="lazy"
      decoding="async"
      className={cx('shrink-0 rounded-full bg-surface-strong object-cover ring-1 ring-line', sizes[size], className)}
    />
  );
}
