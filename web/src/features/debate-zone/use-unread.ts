import { useState } from 'react';

/**
 * How many of `count` items arrived while they were not in view: everything up to the count seen
 * last time they were in view is read.
 */
export function useUnread(count: number, inView: boolean): number {
  const [seen, setSeen] = useState(count);
  if (inView && seen !== count) setSeen(count);
  return inView ? 0 : Math.max(0, count - seen);
}
