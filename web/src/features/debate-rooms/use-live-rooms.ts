import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import { useEffect, useState } from 'react';
import { createLiveConnection, type LiveStatus } from '../../lib/live/connection';
import { ROOM_LIST_TOPIC } from '@toron/engine';
import { keepRequesting, snapshotSchema, type LiveSnapshot } from './live-rooms';

const notConnected: ReadableAtom<LiveStatus> = atom<LiveStatus>('connecting');

/**
 * The live room list behind the handshake `path` (null: not wanted, no socket). Filters are
 * query parameters of the handshake, so a new path means a new connection; the old path's
 * snapshot is never shown for the new one.
 */
export function useLiveRooms(path: string | null): { snapshot: LiveSnapshot | null; status: LiveStatus } {
  const [state, setState] = useState<{ path: string | null; snapshot: LiveSnapshot | null }>({
    path: null,
    snapshot: null,
  });
  const [$status, setStatusStore] = useState<ReadableAtom<LiveStatus>>(notConnected);

  useEffect(() => {
    if (!path) return;
    const live = createLiveConnection({ path });
    setStatusStore(live.$status);
    const stopRequests = keepRequesting(live);
    const unsubscribe = live.subscribe(ROOM_LIST_TOPIC, snapshotSchema, (snapshot) => setState({ path, snapshot }));
    return () => {
      stopRequests();
      unsubscribe();
      live.close();
    };
  }, [path]);

  const status = useStore($status);
  return { snapshot: state.path === path ? state.snapshot : null, status };
}
