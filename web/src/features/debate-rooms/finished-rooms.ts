import { z } from 'zod';
import { api } from '../../lib/api';
import { queryKeys, queryOptions } from '../../lib/server-data';
import { finishedParams, type RoomQuery } from './room-query';
import { itemsOf } from '../../lib/listed-room';
import { roomRowSchema, type RoomRow } from './room-row';

/** The finished search waits for a 500 ms pause in typing (docs/product-rules.md#room-list). */
export const SEARCH_DEBOUNCE_MS = 500;

export interface FinishedPage {
  rows: RoomRow[];
  /** At least 1 (the original falls back to 1 when the server leaves it out). */
  totalPages: number;
}

const pageSchema = z
  .object({ content: itemsOf(roomRowSchema), totalPages: z.number().int().nullish().catch(null) })
  .transform((raw): FinishedPage => ({ rows: raw.content, totalPages: Math.max(1, raw.totalPages ?? 1) }));

/** One page of finished rooms (D8) for the filters, search, sort and page of `query`. */
export function finishedRoomsQuery(query: RoomQuery) {
  const params = finishedParams(query);
  return queryOptions({
    queryKey: queryKeys.rooms.finished(params),
    queryFn: () => api('/api/debates/debateRoom/finished', { query: params, schema: pageSchema }),
  });
}
