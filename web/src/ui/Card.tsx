import type { ReactNode } from 'react';
import { cx } from './cx';

/** The quiet bordered surface used for news, rooms and debaters. */
export function Card({
  as: Tag = 'div',
  className,
  children,
}: {
  as?: 'div' | 'article' | 'section' | 'li';
  className?: string;
  children: ReactNode;
}) {
  return <Tag className={cx('rounded-card border border-line bg-paper', className)}>{children}</Tag>;
}
