import { and, asc, count, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { parseEvent, TERMINAL_PHASES } from '@toron/engine';
import { FENCE_PLACEHOLDERS, fenceHolds, OwnershipLost } from '../cluster/heads.js';
import { pgHeadMove } from '../cluster/heads.pg.js';
import { isUniqueViolation } from '../db/errors.js';
import { containsPattern } from '../db/like-pattern.js';
import { changes, type PgDb } from '../db/postgres.js';
import { appendBatches, eventColumns, type AppendAlone } from './append-batches.pg.js';
import { ConcurrentAppendError, openedRoom, roomSummary, type RoomEventStore, type RoomStore } from './store.js';
import { roomHeads } from '../cluster/tables.pg.js';
import { debateClock, debateParticipants, debateRooms, roomEvents } from './tables.pg.js';

const terminal = [...TERMINAL_PHASES];

/** The rows of a batch of events given as one JSON array (a parameter, or a placeholder of a prepared statement). */
const insertedEvents = (roomId: unknown, eventsJson: unknown): SQL =>
  sql`SELECT ${roomId}, ${eventColumns} FROM jsonb_array_elements(${eventsJson}::jsonb) AS e`;

/**
 * A running room's append on `db`: every chat line and ballot is this statement (the head moving
 * on from an earlier seq), prepared once per connection, parsed and planned by PostgreSQL once,
 * not built and planned for each batch.
 */
function appendAfterHead(db: PgDb): AppendAlone {
  let prepared: ReturnType<typeof prepare> | undefined;
  const prepare = () => {
    const head = db.$with('head').as(
      db
        .update(roomHeads)
        .set({ lastSeq: sql`${sql.placeholder('toSeq')}` })
        .where(fenceHolds(roomHeads, FENCE_PLACEHOLDERS))
        .returning({ roomId: roomHeads.roomId }),
    );
    return db
      .with(head)
      .insert(roomEvents)
      .select(
        sql`${insertedEvents(sql.placeholder('roomId'), sql.placeholder('events'))} WHERE EXISTS (SELECT FROM head)`,
      )
      .prepare('room_events_append_after_head');
  };
  return async (append) => changes(await (prepared ??= prepare()).execute({ ...append })) > 0;
}

/**
 * The event log on PostgreSQL. An append is one statement whatever the batch: the events travel
 * as one JSON array, and the head moves under the fence in a CTE of the same INSERT, so an append
 * outside a transaction is atomic on its own and costs one round trip (the commit of a burst of
 * chat or ballots waits for nothing else). A taken (room_id, seq) aborts the whole statement.
 * Given `appendsDb` (the pool's store), the running rooms' appends go there, those of one
 * event-loop turn sharing a statement (append-batches.pg.ts).
 */
export function pgRoomEventStore(db: PgDb, appendsDb?: PgDb): RoomEventStore {
  const running = appendsDb ? appendBatches(appendsDb, appendAfterHead(appendsDb)) : appendAfterHead(db);
  return {
    async append(roomId, events, fence) {
      const valid = events.map(parseEvent);
      const [first, last] = [valid[0], valid.at(-1)];
      if (!first || !last) return;
      const json = JSON.stringify(valid);
      const fromSeq = first.seq - 1;
      const append = async () => {
        if (fence && fromSeq > 0) {
          const { nodeId, epoch } = fence;
          return running({ roomId, events: json, nodeId, epoch, fromSeq, toSeq: last.seq });
        }
        const head = fence && pgHeadMove(db, roomId, fence, fromSeq, last.seq).getSQL();
        const rows = insertedEvents(roomId, json);
        const insert = sql`INSERT INTO ${roomEvents} (room_id, seq, at, type, payload, v) ${rows}`;
        const result = await db.execute(
          head ? sql`WITH head AS (${head}) ${insert} WHERE EXISTS (SELECT FROM head)` : insert,
        );
        return changes(result) > 0;
      };
      let appended: boolean;
      try {
        appended = await append();
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConcurrentAppendError(roomId, first.seq);
        throw err;
      }
      if (!appended) throw new OwnershipLost(roomId);
    },
    async load(roomId, fromSeq = 1) {
      const rows = await db
        .select({ payload: roomEvents.payload })
        .from(roomEvents)
        .where(and(eq(roomEvents.roomId, roomId), gte(roomEvents.seq, fromSeq)))
        .orderBy(asc(roomEvents.seq));
      return rows.map((row) => parseEvent(row.payload));
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
    async addParticipants(rows) {
      const observers = rows.filter((row) => row.role === 'OBSERVER');
      const debaters = rows.filter((row) => row.role === 'PARTICIPANT');
      if (observers.length > 0) await db.insert(debateParticipants).values(observers).onConflictDoNothing();
      if (debaters.length > 0) {
        await db
          .insert(debateParticipants)
          .values(debaters)
          .onConflictDoUpdate({
            target: [debateParticipants.roomId, debateParticipants.userId],
            set: { role: 'PARTICIPANT', position: sql`excluded.position` },
          });
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
