import { and, asc, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { roomStatus, TERMINAL_PHASES, winnerOf, type OpenRoomState } from '@toron/engine';
import type { Db } from '../db/client.js';
import { debateClock, debateParticipants, debateRooms } from './tables.js';

export type RoomRow = typeof debateRooms.$inferSelect;
export type ParticipantRow = typeof debateParticipants.$inferSelect;

const terminal = [...TERMINAL_PHASES];

/** Inserts the summary of a room that has just opened. */
export function insertRoom(tx: Db, state: OpenRoomState): void {
  const s = state.settings;
  tx.insert(debateRooms)
    .values({
      id: state.roomId,
      title: s.title,
      description: s.description,
      continent: s.continent,
      category: s.category,
      format: s.format,
      secondsPerTurn: s.secondsPerTurn,
      turnsPerSide: s.turnsPerSide,
      resultEnabled: s.resultEnabled,
      newsId: s.newsId ?? null,
      creatorId: s.creatorId,
      createdAt: state.openedAt,
      ...summaryOf(state),
    })
    .run();
}

/**
 * The summary columns a state decides: phase, status, sequence and, once ended, the end time, winner and final tally.
 */
function summaryOf(state: OpenRoomState) {
  const ended = TERMINAL_PHASES.has(state.phase);
  const tally = state.result?.kind === 'vote' ? state.result.tally : null;
  return {
    status: roomStatus(state),
    phase: state.phase,
    lastSeq: state.lastSeq,
    ...(ended ? { endedAt: state.lastAt, winner: winnerOf(state) } : {}),
    ...(tally
      ? {
          agreeNumber: tally.agreeNumber,
          disagreeNumber: tally.disagreeNumber,
          neutralNumber: tally.neutralNumber,
          totalVotes: tally.agreeNumber + tally.disagreeNumber + tally.neutralNumber,
        }
      : {}),
  };
}

/** Writes what the state decides of the summary (a room seeded whole gets it all at insertion). */
export function updateRoom(tx: Db, state: OpenRoomState): void {
  tx.update(debateRooms).set(summaryOf(state)).where(eq(debateRooms.id, state.roomId)).run();
}

/** Records a debater (roster) or an observer; a debater row is never demoted to an observer one. */
export function addParticipant(tx: Db, row: ParticipantRow): void {
  const insert = tx.insert(debateParticipants).values(row);
  if (row.role === 'PARTICIPANT') {
    insert
      .onConflictDoUpdate({
        target: [debateParticipants.roomId, debateParticipants.userId],
        set: { role: 'PARTICIPANT', position: row.position },
      })
      .run();
  } else {
    insert.onConflictDoNothing().run();
  }
}

/** One room's summary, or undefined. */
export function findRoom(db: Db, id: string): RoomRow | undefined {
  return db.select().from(debateRooms).where(eq(debateRooms.id, id)).get();
}

/** Ids of rooms not yet ended (rebuilt from their logs after a restart). */
export function liveRoomIds(db: Db): string[] {
  return db
    .select({ id: debateRooms.id })
    .from(debateRooms)
    .where(notInArray(debateRooms.phase, terminal))
    .all()
    .map((r) => r.id);
}

/** Filters of the finished-room list; undefined = no filter. */
export interface FinishedFilter {
  readonly q?: string;
  readonly continent?: string;
  readonly category?: string;
  readonly format?: 'T1' | 'T2';
  readonly sort: 'recent' | 'popular';
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of ended rooms that were debated (abandoned waiting rooms are left out), and the total. */
export function finishedRooms(
  db: Db,
  filter: FinishedFilter,
  offset: number,
  limit: number,
): { rows: RoomRow[]; total: number } {
  const conditions: SQL[] = [inArray(debateRooms.phase, ['closed', 'wonByDefault', 'exitOverflow'])];
  if (filter.q)
    conditions.push(sql`lower(${debateRooms.title}) LIKE ${`%${escapeLike(filter.q.toLowerCase())}%`} ESCAPE '\\'`);
  if (filter.continent) conditions.push(eq(debateRooms.continent, filter.continent));
  if (filter.category) conditions.push(eq(debateRooms.category, filter.category));
  if (filter.format) conditions.push(eq(debateRooms.format, filter.format));
  const where = and(...conditions);
  const order =
    filter.sort === 'popular' ? [desc(debateRooms.totalVotes), desc(debateRooms.endedAt)] : [desc(debateRooms.endedAt)];
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
}

/** The titles of some rooms, by room id. */
export function roomTitles(db: Db, roomIds: readonly string[]): Map<string, string> {
  if (roomIds.length === 0) return new Map();
  const rows = db
    .select({ id: debateRooms.id, title: debateRooms.title })
    .from(debateRooms)
    .where(inArray(debateRooms.id, [...roomIds]))
    .all();
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** The rooms a user debated or observed, with their role and side, oldest room first. */
export function roomsOfUser(
  db: Db,
  userId: number,
): { room: RoomRow; role: ParticipantRow['role']; position: ParticipantRow['position'] }[] {
  return db
    .select({ room: debateRooms, role: debateParticipants.role, position: debateParticipants.position })
    .from(debateParticipants)
    .innerJoin(debateRooms, eq(debateRooms.id, debateParticipants.roomId))
    .where(eq(debateParticipants.userId, userId))
    .orderBy(asc(debateRooms.createdAt), asc(debateRooms.id))
    .all();
}

/** When this server was last known alive, or null on a fresh database. */
export function readAliveAt(db: Db): number | null {
  return db.select({ at: debateClock.aliveAt }).from(debateClock).where(eq(debateClock.id, 1)).get()?.at ?? null;
}

/** Records that the server is alive at `at`. */
export function writeAliveAt(db: Db, at: number): void {
  db.insert(debateClock)
    .values({ id: 1, aliveAt: at })
    .onConflictDoUpdate({ target: debateClock.id, set: { aliveAt: at } })
    .run();
}
