import { keepPreviousData, useQuery, viewOf, type View } from '../../lib/server-data';
import { useDebounced } from '../../lib/use-debounced';
import { finishedRoomsQuery, SEARCH_DEBOUNCE_MS, type FinishedPage } from './finished-rooms';
import type { RoomQuery } from './room-query';

export interface FinishedRoomsView {
  view: View<FinishedPage>;
  /** The previous page is still shown (dimmed by the caller) while the next one loads. */
  busy: boolean;
  retry: () => void;
}

/**
 * The finished rooms for `query`. A changed search term waits for a 500 ms pause; filters, sort and page load at once.
 */
export function useFinishedRooms(query: RoomQuery): FinishedRoomsView {
  const q = query.q.trim();
  const typing = useDebounced(q, SEARCH_DEBOUNCE_MS) !== q;
  const asked = useDebounced(query, typing ? SEARCH_DEBOUNCE_MS : 0);
  const rooms = useQuery({ ...finishedRoomsQuery(asked), placeholderData: keepPreviousData });
  return { view: viewOf(rooms), busy: rooms.isPlaceholderData, retry: () => void rooms.refetch() };
}
