import { useEffect, useState } from 'react';
import { fetchRanking, type Debater } from './ranking-api';
import { SEARCH_DEBOUNCE_MS, SKELETON_MS } from './ranking';

export type RankingState =
  | { status: 'loading'; term: string }
  | { status: 'ready'; term: string; debaters: Debater[] }
  | { status: 'failed'; term: string };

/**
 * The ranking for what is typed in the search box: the first load at once, later terms
 * 1000 ms after the last keystroke; each load keeps the skeleton up for about a second,
 * and an answer for an older term is dropped.
 */
export function useRanking(input: string): RankingState & { retry: () => void } {
  const term = input.trim();
  const [state, setState] = useState<RankingState>({ status: 'loading', term });
  const [round, setRound] = useState(0);
  // A term that differs from the one last loaded was typed: wait for the pause. Otherwise
  // (first load, retry, StrictMode's second run) load at once.
  const typed = state.term !== term;

  useEffect(() => {
    let live = true;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const load = () => {
      setState({ status: 'loading', term });
      const shown = new Promise<void>((resolve) => timers.push(setTimeout(resolve, SKELETON_MS)));
      Promise.allSettled([fetchRanking(term), shown]).then(([answer]) => {
        if (!live) return;
        if (answer.status === 'fulfilled') setState({ status: 'ready', term, debaters: answer.value });
        else {
          console.error('failed to load the debater ranking', answer.reason);
          setState({ status: 'failed', term });
        }
      });
    };
    if (typed) timers.push(setTimeout(load, SEARCH_DEBOUNCE_MS));
    else load();
    return () => {
      live = false;
      timers.forEach(clearTimeout);
    };
    // `typed` is read when the term changes; it must not restart the wait by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [term, round]);

  return { ...state, retry: () => setRound((n) => n + 1) };
}
