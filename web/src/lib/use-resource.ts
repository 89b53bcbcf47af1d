import { useCallback, useEffect, useState } from 'react';

export type Resource<T> =
  { status: 'loading'; data: null } | { status: 'ready'; data: T } | { status: 'failed'; data: null };

/** Loads data for a screen and reloads when `key` changes; answers for an older key are dropped. */
export function useResource<T>(key: string, load: () => Promise<T>): Resource<T> & { reload: () => void } {
  const [state, setState] = useState<Resource<T>>({ status: 'loading', data: null });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        console.error(error);
        if (live) setState({ status: 'failed', data: null });
      },
    );
    return () => {
      live = false;
    };
    // `load` is recreated on each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  return { ...state, reload };
}
