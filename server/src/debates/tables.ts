import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The event log of every room: the source of truth. The primary key (room_id, seq) is the
 * optimistic concurrency check: two writers appending the same sequence number cannot both win.
 */
export const roomEvents = sqliteTable(
  'room_events',
  {
    roomId: text('room_id').notNull(),
    seq: integer('seq').notNull(),
    at: integer('at').notNull(),
    type: text('type').notNull(),
    /** The whole event as JSON (validated with the engine's parseEvent on write and read). */
    payload: text('payload').notNull(),
    v: integer('v').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] })],
);

/** Status values of the wire contract. */
export const roomStatuses = ['WAITING', 'DEBATE', 'VOTING', 'CLOSED'] as const;

/** Room summaries: a projection of the log, written in the same transaction as its events. */
export const debateRooms = sqliteTable(
  'debate_rooms',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    continent: text('continent').notNull(),
    category: text('category').notNull(),
    format: text('format', { enum: ['T1', 'T2'] }).notNull(),
    secondsPerTurn: integer('seconds_per_turn').notNull(),
    turnsPerSide: integer('turns_per_side').notNull(),
    resultEnabled: integer('result_enabled', { mode: 'boolean' }).notNull(),
    newsId: integer('news_id'),
    creatorId: integer('creator_id').notNull(),
    status: text('status', { enum: roomStatuses }).notNull(),
    /** The engine phase (waiting … closed, wonByDefault, exitOverflow, abandoned). */
    phase: text('phase').notNull(),
    agreeNumber: integer('agree_number').notNull().default(0),
    disagreeNumber: integer('disagree_number').notNull().default(0),
    neutralNumber: integer('neutral_number').notNull().default(0),
    totalVotes: integer('total_votes').notNull().default(0),
    /** The winning side or DRAW once the room ended with a result (vote or walkover); null otherwise. */
    winner: text('winner', { enum: ['PRO', 'CON', 'DRAW'] }),
    /** Sequence number of the last event that changed this summary (chat and ballots do not). */
    lastSeq: integer('last_seq').notNull(),
    createdAt: integer('created_at').notNull(),
    /** When the room reached a terminal phase. */
    endedAt: integer('ended_at'),
  },
  (t) => [index('debate_rooms_status_ended_idx').on(t.status, t.endedAt), index('debate_rooms_phase_idx').on(t.phase)],
);

/** Who debated (PARTICIPANT, PRO/CON, from the roster) or observed (OBSERVER, NO_POSITION) a room. */
export const debateParticipants = sqliteTable(
  'debate_participants',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => debateRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: ['PARTICIPANT', 'OBSERVER'] }).notNull(),
    position: text('position', { enum: ['PRO', 'CON', 'NO_POSITION'] }).notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('debate_participants_user_idx').on(t.userId)],
);

/** One row: the last time this server was known to be alive (for the downtime shift after a restart). */
export const debateClock = sqliteTable('debate_clock', {
  id: integer('id').primaryKey(),
  aliveAt: integer('alive_at')
    .notNull()
    .default(sql`(unixepoch() * 1000)`),
});
