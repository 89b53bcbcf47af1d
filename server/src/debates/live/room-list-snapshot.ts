/**
 * The room-list snapshot (docs/wire-contract.md#shapes) for one connection's filters. `roomSortedByCreatedAt`
 * (최신순) and `roomSortedByUserCount` (임박순, fewest open seats first) list the rooms still
 * recruiting (WAITING), where the join buttons work; `observerCurrent` (인기순, also the main
 * page's top 10) and `observerMax` list every live room, waiting or in progress, since watching
 * works in both. Ended rooms leave every list. Each list holds at most ROOM_LIST_LIMIT entries, what
 * a screen shows (`roomCount` still counts every room that passes the filters).
 */
import {
  CATEGORIES,
  CONTINENTS,
  FORMATS,
  isJoinable,
  ROOM_LIST_ORDER,
  roomListEntry,
  roomListKeys,
  type ParticipantLookup,
  type RoomListEntry,
  type RoomListKeys,
  type RoomListSnapshot,
  type RoomState,
} from '@toron/engine';
import { z } from 'zod';

const blankOr = <T extends z.ZodType>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .optional()
    .catch(undefined);
const filterSchema = z.object({
  continent: blankOr(z.enum(CONTINENTS)),
  category: blankOr(z.enum(CATEGORIES)),
  member: blankOr(z.enum(FORMATS)),
});
/** Entries per list of a snapshot: the first ones of each order. */
const ROOM_LIST_LIMIT = 50;

/** A connection's room-list filters; an absent one means "no filter". */
export type RoomListFilter = z.infer<typeof filterSchema>;

/** The handshake's filters; an empty or unknown value means "no filter". */
export function filterOf(query: URLSearchParams): RoomListFilter {
  return filterSchema.parse({
    continent: query.get('continent') ?? undefined,
    category: query.get('category') ?? undefined,
    member: query.get('member') ?? undefined,
  });
}

interface Row {
  readonly state: RoomState;
  readonly entry: RoomListEntry;
  readonly keys: RoomListKeys;
}

/** The snapshot of the live rooms that pass the filter, with user cards from the lookup. */
export function roomListSnapshot(
  live: readonly RoomState[],
  filter: RoomListFilter,
  cards: ParticipantLookup,
): RoomListSnapshot {
  const rows = live
    .filter((s) => matches(s, filter))
    .flatMap((state): Row[] => {
      const entry = roomListEntry(state, cards);
      return entry ? [{ state, entry, keys: roomListKeys(state) }] : [];
    });
  const sorted = (list: readonly Row[], order: (a: Row, b: Row) => number) =>
    [...list]
      .sort(order)
      .slice(0, ROOM_LIST_LIMIT)
      .map((r) => r.entry);
  const waiting = rows.filter((r) => isJoinable(r.state));
  return {
    roomCount: rows.length,
    roomSortedByCreatedAt: sorted(waiting, (a, b) => ROOM_LIST_ORDER.roomSortedByCreatedAt(a.keys, b.keys)),
    roomSortedByUserCount: sorted(waiting, (a, b) => ROOM_LIST_ORDER.roomSortedByUserCount(a.keys, b.keys)),
    observerCurrent: sorted(rows, (a, b) => ROOM_LIST_ORDER.observerCurrent(a.keys, b.keys)),
    observerMax: sorted(rows, (a, b) => b.entry.maxCount - a.entry.maxCount || b.keys.createdAt - a.keys.createdAt),
  };
}

function matches(state: RoomState, filter: RoomListFilter): boolean {
  const s = state.settings;
  if (!s) return false;
  return (
    (!filter.continent || s.continent === filter.continent) &&
    (!filter.category || s.category === filter.category) &&
    (!filter.member || s.format === filter.member)
  );
}
