import { useEffect, useState } from 'react';

/**
 * `value`, settled: it changes only after `delayMs` without a newer value. A delay of 0 passes the
 * value through at once (a caller that debounces only some changes, such as typing, sets it per change).
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [value, delayMs]);
  return delayMs <= 0 ? value : settled;
}
