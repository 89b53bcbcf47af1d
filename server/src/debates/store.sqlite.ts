import { and, asc, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { parseEvent, TERMINAL_PHASES } from '@toron/engine';
import { sqliteHeadAdvance } from '../cluster/heads.sqlite.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { containsPattern } from '../db/like-pattern.js';
import { ConcurrentAppendError, openedRoom, roomSummary, type RoomEventStore, type RoomStore } from './store.js';
import { debateClock, debateParticipants, debateRooms, roomEvents } from './tables.js';

const terminal = [...TERMINAL_PHASES];

/** The event log on SQLite (each event's JSON as text). */
export function sqliteRoomEventStore(db: Db): RoomEventStore {
  // Every command appends: the statements are built and prepared once, not per event.
  const advanceHead = sqliteHeadAdvance(db);
  const insertEvent = db
    .insert(roomEvents)
    .values({
      roomId: sql.placeholder('roomId'),
      seq: sql.placeholder('seq'),
      at: sql.placeholder('at'),
      type: sql.placeholder('type'),
      payload: sql.placeholder('payload'),
      v: sql.placeholder('v'),
    })
    .prepare();
  // Every subscriber's replay reads pages: prepared once too (no upper bound: the largest seq there can be).
  const pageOfEvents = db
    .select({ payload: roomEvents.payload })
    .from(roomEvents)
    .where(
      and(
        eq(roomEvents.roomId, sql.placeholder('roomId')),
        gte(roomEvents.seq, sql.placeholder('fromSeq')),
        lt(roomEvents.seq, sql.placeholder('beforeSeq')),
      ),
    )
    .orderBy(asc(roomEvents.seq))
    .limit(sql.placeholder('limit'))
    .prepare();
  return {
    async append(roomId, events, fence) {
      if (fence && events.length > 0) advanceHead(roomId, fence, events[0]!.seq - 1, events.at(-1)!.seq);
      for (const event of events) {
        const valid = parseEvent(event);
        try {
          insertEvent.run({
            roomId,
            seq: valid.seq,
            at: valid.at,
            type: valid.type,
            payload: JSON.stringify(valid),
            v: valid.v,
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw new ConcurrentAppendError(roomId, valid.seq);
          throw err;
        }
      }
    },
    async load(roomId, fromSeq = 1) {
      return db
        .select({ payload: roomEvents.payload })
        .from(roomEvents)
        .where(and(eq(roomEvents.roomId, roomId), gte(roomEvents.seq, fromSeq)))
        .orderBy(asc(roomEvents.seq))
        .all()
        .map((row) => parseEvent(JSON.parse(row.payload) as unknown));
    },
    async loadPage(roomId, fromSeq, limit, beforeSeq = Number.MAX_SAFE_INTEGER) {
      return pageOfEvents
        .all({ roomId, fromSeq, beforeSeq, limit })
        .map((row) => parseEvent(JSON.parse(row.payload) as unknown));
    },
    async saidInRoom(roomId, userId, quote) {
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
    },
    async roomsWithEvent(types) {
      return db
        .selectDistinct({ roomId: roomEvents.roomId })
        .from(roomEvents)
        .where(inArray(roomEvents.type, [...types]))
        .orderBy(asc(roomEvents.roomId))
        .all()
        .map((row) => row.roomId);
    },
  };
}

/** The room projections and alive clock on SQLite. */
export function sqliteRoomStore(db: Db): RoomStore {
  // Every observer who enters a room is recorded: the statement is built and prepared once.
  const insertObserver = db
    .insert(debateParticipants)
    .values({
      roomId: sql.placeholder('roomId'),
      userId: sql.placeholder('userId'),
      role: sql.placeholder('role'),
      position: sql.placeholder('position'),
      joinedAt: sql.placeholder('joinedAt'),
    })
    .onConflictDoNothing()
    .prepare();
  return {
    async insert(state) {
      db.insert(debateRooms).values(openedRoom(state)).run();
    },
    async update(state) {
      db.update(debateRooms).set(roomSummary(state)).where(eq(debateRooms.id, state.roomId)).run();
    },
    async addParticipants(rows) {
      for (const row of rows) {
        if (row.role === 'OBSERVER') insertObserver.run(row);
        else
          db.insert(debateParticipants)
            .values(row)
            .onConflictDoUpdate({
              target: [debateParticipants.roomId, debateParticipants.userId],
              set: { role: 'PARTICIPANT', position: row.position },
            })
            .run();
      }
    },
    async find(id) {
      return db.select().from(debateRooms).where(eq(debateRooms.id, id)).get();
    },
    async liveIds() {
      return db
        .select({ id: debateRooms.id })
        .from(debateRooms)
        .where(notInArray(debateRooms.phase, terminal))
        .all()
        .map((r) => r.id);
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
          ? [desc(debateRooms.totalVotes), desc(debateRooms.endedAt)]
          : [desc(debateRooms.endedAt)];
      const rows = db
        .select()
        .from(debateRooms)
        .where(where)
        .orderBy(...order, desc(debateRooms.createdAt), asc(debateRooms.id))
        .limit(limit)
        .offset(offset)
        .all();
      const total =
        db
          .select({ n: sql<number>`count(*)` })
          .from(debateRooms)
          .where(where)
          .get()?.n ?? 0;
      return { rows, total };
    },
    async titles(roomIds) {
      if (roomIds.length === 0) return new Map();
      const rows = db
        .select({ id: debateRooms.id, title: debateRooms.title })
        .from(debateRooms)
        .where(inArray(debateRooms.id, [...roomIds]))
        .all();
      return new Map(rows.map((r) => [r.id, r.title]));
    },
    async roomsOfUser(userId) {
      return db
        .select({ room: debateRooms, role: debateParticipants.role, position: debateParticipants.position })
        .from(debateParticipants)
        .innerJoin(debateRooms, eq(debateRooms.id, debateParticipants.roomId))
        .where(eq(debateParticipants.userId, userId))
        .orderBy(asc(debateRooms.createdAt), asc(debateRooms.id))
        .all();
    },
    async readAliveAt() {
      return db.select({ at: debateClock.aliveAt }).from(debateClock).where(eq(debateClock.id, 1)).get()?.at ?? null;
    },
    async writeAliveAt(at) {
      db.insert(debateClock)
        .values({ id: 1, aliveAt: at })
        .onConflictDoUpdate({ target: debateClock.id, set: { aliveAt: at } })
        .run();
    },
  };
}
