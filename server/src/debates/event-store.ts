import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { parseEvent, type RoomEvent, type RoomEventType } from '@toron/engine';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../users/store.js';
import { roomEvents } from './tables.js';

/** Another writer appended to this room first (optimistic concurrency on (room, seq)). */
export class ConcurrentAppendError extends Error {
  override readonly name = 'ConcurrentAppendError';
  constructor(
    readonly roomId: string,
    readonly seq: number,
  ) {
    super(`room ${roomId}: seq ${seq} was already written`);
  }
}

/**
 * Appends events to a room's log inside the caller's transaction. Every event is validated
 * with the engine's parseEvent first; a sequence number already taken throws ConcurrentAppendError.
 */
export function appendEvents(tx: Db, roomId: string, events: readonly RoomEvent[]): void {
  for (const event of events) {
    const valid = parseEvent(event);
    try {
      tx.insert(roomEvents)
        .values({ roomId, seq: valid.seq, at: valid.at, type: valid.type, payload: JSON.stringify(valid), v: valid.v })
        .run();
    } catch (err) {
      if (isUniqueViolation(err) || isPrimaryKeyViolation(err)) throw new ConcurrentAppendError(roomId, valid.seq);
      throw err;
    }
  }
}

/** A room's log from `fromSeq` on (1 = all), oldest first, each event validated on read. */
export function loadEvents(db: Db, roomId: string, fromSeq = 1): RoomEvent[] {
  return db
    .select({ payload: roomEvents.payload })
    .from(roomEvents)
    .where(and(eq(roomEvents.roomId, roomId), gte(roomEvents.seq, fromSeq)))
    .orderBy(asc(roomEvents.seq))
    .all()
    .map((row) => parseEvent(JSON.parse(row.payload) as unknown));
}

/** At most `limit` events of a room's log from `fromSeq` on and before `beforeSeq` (if given), oldest first. */
export function loadEventPage(db: Db, roomId: string, fromSeq: number, limit: number, beforeSeq?: number): RoomEvent[] {
  const range = and(
    eq(roomEvents.roomId, roomId),
    gte(roomEvents.seq, fromSeq),
    beforeSeq === undefined ? undefined : lt(roomEvents.seq, beforeSeq),
  );
  return db
    .select({ payload: roomEvents.payload })
    .from(roomEvents)
    .where(range)
    .orderBy(asc(roomEvents.seq))
    .limit(limit)
    .all()
    .map((row) => parseEvent(JSON.parse(row.payload) as unknown));
}

/**
 * Whether `userId` said a chat line (a debater's speech or an observer's message) in the room
 * that `quote` begins with: the whole quote, or the quote up to a line break (a report quotes
 * the line, then may add the reporter's note below it).
 */
export function saidInRoom(db: Db, roomId: string, userId: number, quote: string): boolean {
  const text = sql`json_extract(${roomEvents.payload}, '$.text')`;
  const row = db
    .select({ seq: roomEvents.seq })
    .from(roomEvents)
    .where(
      and(
        eq(roomEvents.roomId, roomId),
        inArray(roomEvents.type, ['Spoke', 'ObserverChatted']),
        sql`json_extract(${roomEvents.payload}, '$.userId') = ${userId}`,
        sql`${text} = substr(${quote}, 1, length(${text}))`,
        sql`(length(${quote}) = length(${text}) or substr(${quote}, length(${text}) + 1, 1) = char(10))`,
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}

/** Every room whose log holds an event of one of `types` (e.g. a result), by room id. */
export function roomsWithEvent(db: Db, types: readonly RoomEventType[]): string[] {
  return db
    .selectDistinct({ roomId: roomEvents.roomId })
    .from(roomEvents)
    .where(inArray(roomEvents.type, [...types]))
    .orderBy(asc(roomEvents.roomId))
    .all()
    .map((row) => row.roomId);
}

function isPrimaryKeyViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
