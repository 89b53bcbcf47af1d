import { useEffect, useState } from 'react';

const LOADING_TICK_MS = 15;
const CEILING = 90;

/**
 * One tick of the loading bar: +1 % per tick while loading, never past 90 % (docs/product-rules.md#client-behaviour).
 */
export function nextProgress(progress: number): number {
  return Math.min(progress + 1, CEILING);
}

/** The bar's percentage: climbs while `loading`, jumps to 100 when loading ends. */
export function useLoadingProgress(loading: boolean, tickMs = LOADING_TICK_MS): number {
  const [progress, setProgress] = useState(loading ? 0 : 100);
  useEffect(() => {
    if (!loading) {
      setProgress(100);
      return;
    }
    setProgress(0);
    const timer = setInterval(() => setProgress(nextProgress), tickMs);
    return () => clearInterval(timer);
  }, [loading, tickMs]);
  return progress;
}
