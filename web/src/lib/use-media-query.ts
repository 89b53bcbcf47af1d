import { useEffect, useState } from 'react';

/** Whether a media query matches (followed live). */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true,
  );
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const update = () => setMatches(media.matches);
    update();
    media.addEventListener('change', update);
    return () => {
      media.removeEventListener('change', update);
    };
  }, [query]);
  return matches;
}

/** The small layout of the design (< 640 px: one column, bottom sheets). */
export const usePhone = (): boolean => useMediaQuery('(max-width: 639px)');
