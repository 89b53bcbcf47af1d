import { and, asc, count, desc, eq, gte, inArray, lt, max, notInArray, sql, type SQL } from 'drizzle-orm';
import { parseEvent, TERMINAL_PHASES } from '@toron/engine';
import { pgAdvanceHead } from '../cluster/heads.pg.js';
import { isUniqueViolation } from '../db/errors.js';
import { containsPattern } from '../db/like-pattern.js';
import type { PgDb } from '../db/postgres.js';
import { ConcurrentAppendError, openedRoom, roomSummary, type RoomEventStore, type RoomStore } from './store.js';
import { debateClock, debateParticipants, debateRooms, roomEvents } from './tables.pg.js';

const terminal = [...TERMINAL_PHASES];

/** The event log on PostgreSQL: one INSERT per batch; a taken (room_id, seq) aborts the whole transaction. */
export function pgRoomEventStore(db: PgDb): RoomEventStore {
  return {
    async append(roomId, events, fence) {
      if (events.length === 0) return;
      if (fence) await pgAdvanceHead(db, roomId, fence, events[0]!.seq - 1, events.at(-1)!.seq);
      const rows = events.map((event) => {
        const valid = parseEvent(event);
        return { roomId, seq: valid.seq, at: valid.at, type: valid.type, payload: valid, v: valid.v };
      });
      try {
        await db.insert(roomEvents).values(rows);
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConcurrentAppendError(roomId, rows[0]!.seq);
        throw err;
      }
    },
    async load(roomId, fromSeq = 1) {
      const rows = await db
        .select({ payload: roomEvents.payload })
        .from(roomEvents)
        .where(and(eq(roomEvents.roomId, roomId), gte(roomEvents.seq, fromSeq)))
        .orderBy(asc(roomEvents.seq));
      return rows.map((row) => parseEvent(row.payload));
    },
    async lastSeq(roomId) {
      const [row] = await db
        .select({ last: max(roomEvents.seq) })
        .from(roomEvents)
        .where(eq(roomEvents.roomId, roomId));
      return row?.last ?? 0;
    },
    async loadPage(roomId, fromSeq, limit, beforeSeq) {
      const range = and(
        eq(roomEvents.roomId, roomId),
        gte(roomEvents.seq, fromSeq),
        beforeSeq === undefined ? undefined : lt(roomEvents.seq, beforeSeq),
      );
      const rows = await db
        .select({ payload: roomEvents.payload })
        .from(roomEvents)
        .where(range)
        .orderBy(asc(roomEvents.seq))
        .limit(limit);
      return rows.map((row) => parseEvent(row.payload));
    },
    async saidInRoom(roomId, userId, quote) {
      const text = sql`(${roomEvents.payload} ->> 'text')`;
      const rows = await db
        .select({ seq: roomEvents.seq })
        .from(roomEvents)
        .where(
          and(
            eq(roomEvents.roomId, roomId),
            inArray(roomEvents.type, ['Spoke', 'ObserverChatted']),
            sql`(${roomEvents.payload} -> 'userId') = to_jsonb(${userId}::int)`,
            sql`${text} = left(${quote}, length(${text}))`,
            sql`(length(${quote}) = length(${text}) or substr(${quote}, length(${text}) + 1, 1) = chr(10))`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
    async roomsWithEvent(types) {
      const rows = await db
        .selectDistinct({ roomId: roomEvents.roomId })
        .from(roomEvents)
        .where(inArray(roomEvents.type, [...types]))
        .orderBy(asc(roomEvents.roomId));
      return rows.map((row) => row.roomId);
    },
  };
}

/** The room projections and alive clock on PostgreSQL. */
export function pgRoomStore(db: PgDb): RoomStore {
  return {
    async insert(state) {
      await db.insert(debateRooms).values(openedRoom(state));
    },
    async update(state) {
      await db.update(debateRooms).set(roomSummary(state)).where(eq(debateRooms.id, state.roomId));
    },
    async addParticipant(row) {
      const insert = db.insert(debateParticipants).values(row);
      if (row.role === 'PARTICIPANT') {
        await insert.onConflictDoUpdate({
          target: [debateParticipants.roomId, debateParticipants.userId],
          set: { role: 'PARTICIPANT', position: row.position },
        });
      } else {
        await insert.onConflictDoNothing();
      }
    },
    async find(id) {
      return (await db.select().from(debateRooms).where(eq(debateRooms.id, id)))[0];
    },
    async liveIds() {
      const rows = await db
        .select({ id: debateRooms.id })
        .from(debateRooms)
        .where(notInArray(debateRooms.phase, terminal));
      return rows.map((r) => r.id);
    },
    async finished(filter, offset, limit) {
      const conditions: SQL[] = [inArray(debateRooms.phase, ['closed', 'wonByDefault', 'exitOverflow'])];
      if (filter.q)
        conditions.push(sql`lower(${debateRooms.title}) LIKE ${containsPattern(filter.q.toLowerCase())} ESCAPE '\\'`);
      if (filter.continent) conditions.push(eq(debateRooms.continent, filter.continent));
      if (filter.category) conditions.push(eq(debateRooms.category, filter.category));
      if (filter.format) conditions.push(eq(debateRooms.format, filter.format));
      const where = and(...conditions);
      const order =
        filter.sort === 'popular'
          ? [desc(debateRooms.totalVotes), sql`${debateRooms.endedAt} DESC NULLS LAST`]
          : [sql`${debateRooms.endedAt} DESC NULLS LAST`];
      const rows = await db
        .select()
        .from(debateRooms)
        .where(where)
        .orderBy(...order, desc(debateRooms.createdAt), asc(debateRooms.id))
        .limit(limit)
        .offset(offset);
      const total = (await db.select({ n: count() }).from(debateRooms).where(where))[0]?.n ?? 0;
      return { rows, total };
    },
    async titles(roomIds) {
      if (roomIds.length === 0) return new Map();
      const rows = await db
        .select({ id: debateRooms.id, title: debateRooms.title })
        .from(debateRooms)
        .where(inArray(debateRooms.id, [...roomIds]));
      return new Map(rows.map((r) => [r.id, r.title]));
    },
    async roomsOfUser(userId) {
      return db
        .select({ room: debateRooms, role: debateParticipants.role, position: debateParticipants.position })
        .from(debateParticipants)
        .innerJoin(debateRooms, eq(debateRooms.id, debateParticipants.roomId))
        .where(eq(debateParticipants.userId, userId))
        .orderBy(asc(debateRooms.createdAt), asc(debateRooms.id));
    },
    async readAliveAt() {
      return (
        (await db.select({ at: debateClock.aliveAt }).from(debateClock).where(eq(debateClock.id, 1)))[0]?.at ?? null
      );
    },
    async writeAliveAt(at) {
      await db
        .insert(debateClock)
        .values({ id: 1, aliveAt: at })
        .onConflictDoUpdate({ target: debateClock.id, set: { aliveAt: at } });
    },
  };
}
