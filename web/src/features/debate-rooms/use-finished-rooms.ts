import { useEffect, useState } from 'react';
import { fetchFinishedRooms, SEARCH_DEBOUNCE_MS, type FinishedPage } from './finished-rooms';
import { finishedParams, type RoomQuery } from './room-query';

export type FinishedState =
  | { status: 'loading'; page: FinishedPage | null }
  | { status: 'ready'; page: FinishedPage }
  | { status: 'failed'; page: null };

/**
 * The finished rooms for `query`. A changed search term waits for a 500 ms pause; filters,
 * sort and page load at once. Answers for an older query are dropped, and the previous page
 * stays visible (dimmed by the caller) while the next one loads.
 */
export function useFinishedRooms(query: RoomQuery): FinishedState & { retry: () => void } {
  const key = JSON.stringify(finishedParams(query));
  const q = query.q.trim();
  const [state, setState] = useState<{ view: FinishedState; q: string }>({
    view: { status: 'loading', page: null },
    q,
  });
  const [round, setRound] = useState(0);
  const typing = q !== state.q;

  useEffect(() => {
    let live = true;
    const load = () => {
      setState((s) => ({ view: { status: 'loading', page: s.view.page }, q }));
      fetchFinishedRooms(query).then(
        (page) => live && setState({ view: { status: 'ready', page }, q }),
        (error: unknown) => {
          console.error('failed to load finished rooms', error);
          if (live) setState({ view: { status: 'failed', page: null }, q });
        },
      );
    };
    const timer = typing ? setTimeout(load, SEARCH_DEBOUNCE_MS) : null;
    if (!typing) load();
    return () => {
      live = false;
      if (timer !== null) clearTimeout(timer);
    };
    // `key` stands for `query`; `typing` is read when the key changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);

  return { ...state.view, retry: () => setRound((n) => n + 1) };
}
