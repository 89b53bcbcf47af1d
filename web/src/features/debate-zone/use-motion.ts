import { useEffect, useState } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';

/** Whether the user asked for reduced motion. */
const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');

/** The large layout (≥ 1024 px: three columns). */
export const useWide = (): boolean => useMediaQuery('(min-width: 1024px)');

/**
 * The matching dots (docs/product-rules.md#phases): 0 → 1 → 2 → 3 → 0 every 500 ms; a steady 3 under reduced motion.
 */
function nextDots(dots: number): number {
  return (dots + 1) % 4;
}

export function useMatchingDots(active: boolean): number {
  const reduced = useReducedMotion();
  const [dots, setDots] = useState(0);
  useEffect(() => {
    if (!active || reduced) return;
    const timer = setInterval(() => setDots(nextDots), 500);
    return () => {
      clearInterval(timer);
    };
  }, [active, reduced]);
  return reduced ? 3 : dots;
}
