import {
  roomStatus,
  TERMINAL_PHASES,
  winnerOf,
  type OpenRoomState,
  type RoomEvent,
  type RoomEventType,
} from '@toron/engine';
import type { Fence } from '../cluster/heads.js';
import type { debateParticipants, debateRooms } from './tables.js';

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

export type RoomRow = typeof debateRooms.$inferSelect;

/** Whether a stored room has ended (its phase is one of the engine's terminal phases). */
export const hasEnded = (row: Pick<RoomRow, 'phase'>): boolean =>
  (TERMINAL_PHASES as ReadonlySet<string>).has(row.phase);
export type ParticipantRow = typeof debateParticipants.$inferSelect;

/** Filters of the finished-room list; undefined = no filter. */
export interface FinishedFilter {
  readonly q?: string;
  readonly continent?: string;
  readonly category?: string;
  readonly format?: 'T1' | 'T2';
  readonly sort: 'recent' | 'popular';
}

/**
 * Every room's event log, the source of truth (SQLite and PostgreSQL implement it alike). The
 * primary key (room_id, seq) is the optimistic concurrency check: two writers appending the
 * same sequence number cannot both win.
 */
export interface RoomEventStore {
  /**
   * Appends events inside the caller's transaction, under the appender's fence: the room's head
   * (room_heads) moves to the last event's seq only while that node and epoch still own the room,
   * else OwnershipLost (null = a whole finished log stored at once by a seed, which no node runs).
   * Every event is validated with the engine's parseEvent first; a sequence number already taken
   * throws ConcurrentAppendError. Called outside a transaction, the append is atomic on its own.
   */
  append(roomId: string, events: readonly RoomEvent[], fence: Fence | null): Promise<void>;
  /** A room's log from `fromSeq` on (1 = all), oldest first, each event validated on read. */
  load(roomId: string, fromSeq?: number): Promise<RoomEvent[]>;
  /** At most `limit` events of a room's log from `fromSeq` on and before `beforeSeq` (if given), oldest first. */
  loadPage(roomId: string, fromSeq: number, limit: number, beforeSeq?: number): Promise<RoomEvent[]>;
  /**
   * Whether `userId` said a chat line (a debater's speech or an observer's message) in the room
   * that `quote` begins with: the whole quote, or the quote up to a line break (a report quotes
   * the line, then may add the reporter's note below it).
   */
  saidInRoom(roomId: string, userId: number, quote: string): Promise<boolean>;
  /** Every room whose log holds an event of one of `types` (e.g. a result), by room id. */
  roomsWithEvent(types: readonly RoomEventType[]): Promise<string[]>;
}

/** The projections of the logs (room summaries, participants) and the alive clock. */
export interface RoomStore {
  /** Inserts the summary of a room that has just opened. */
  insert(state: OpenRoomState): Promise<void>;
  /** Writes what the state decides of the summary (phase, status, sequence; end time, winner and tally once ended). */
  update(state: OpenRoomState): Promise<void>;
  /**
   * Records debaters (a roster) and observers; a debater row is never demoted to an observer
   * one. Upserts, so concurrent writers agree; on PostgreSQL one statement for the observers and
   * one for the debaters, however many a batch of events brings.
   */
  addParticipants(rows: readonly ParticipantRow[]): Promise<void>;
  /** One room's summary, or undefined. */
  find(id: string): Promise<RoomRow | undefined>;
  /** Ids of rooms not yet ended (rebuilt from their logs after a restart). */
  liveIds(): Promise<string[]>;
  /** One page of ended rooms that were debated (abandoned waiting rooms are left out), and the total. */
  finished(filter: FinishedFilter, offset: number, limit: number): Promise<{ rows: RoomRow[]; total: number }>;
  /** The titles of some rooms, by room id. */
  titles(roomIds: readonly string[]): Promise<Map<string, string>>;
  /** The rooms a user debated or observed, with their role and side, oldest room first. */
  roomsOfUser(
    userId: number,
  ): Promise<{ room: RoomRow; role: ParticipantRow['role']; position: ParticipantRow['position'] }[]>;
  /** When this server was last known alive, or null on a fresh database. */
  readAliveAt(): Promise<number | null>;
  /** Records that the server is alive at `at`. */
  writeAliveAt(at: number): Promise<void>;
}

/** The summary row of a room that has just opened (a room seeded whole gets its whole summary at once). */
export function openedRoom(state: OpenRoomState) {
  const s = state.settings;
  return {
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
    ...roomSummary(state),
  };
}

/** The summary columns a state decides: phase, status, sequence and, once ended, end time, winner and tally. */
export function roomSummary(state: OpenRoomState): Partial<RoomRow> & Pick<RoomRow, 'status' | 'phase' | 'lastSeq'> {
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
