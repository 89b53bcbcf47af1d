import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { nowMs } from '../db/pg-columns.js';
import { roomStatuses } from './tables.js';

/** PostgreSQL twin of tables.ts; each event's JSON is jsonb here. */
export const roomEvents = pgTable(
  'room_events',
  {
    roomId: text('room_id').notNull(),
    seq: integer('seq').notNull(),
    at: bigint('at', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    v: integer('v').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.seq] })],
);

export const debateRooms = pgTable(
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
    resultEnabled: boolean('result_enabled').notNull(),
    newsId: integer('news_id'),
    creatorId: integer('creator_id').notNull(),
    status: text('status', { enum: roomStatuses }).notNull(),
    phase: text('phase').notNull(),
    agreeNumber: integer('agree_number').notNull().default(0),
    disagreeNumber: integer('disagree_number').notNull().default(0),
    neutralNumber: integer('neutral_number').notNull().default(0),
    totalVotes: integer('total_votes').notNull().default(0),
    /** The winning side or DRAW once the room ended with a result (vote or walkover); null otherwise. */
    winner: text('winner', { enum: ['PRO', 'CON', 'DRAW'] }),
    lastSeq: integer('last_seq').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    endedAt: bigint('ended_at', { mode: 'number' }),
  },
  (t) => [index('debate_rooms_status_ended_idx').on(t.status, t.endedAt), index('debate_rooms_phase_idx').on(t.phase)],
);

export const debateParticipants = pgTable(
  'debate_participants',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => debateRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    role: text('role', { enum: ['PARTICIPANT', 'OBSERVER'] }).notNull(),
    position: text('position', { enum: ['PRO', 'CON', 'NO_POSITION'] }).notNull(),
    joinedAt: bigint('joined_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('debate_participants_user_idx').on(t.userId)],
);

export const debateClock = pgTable('debate_clock', {
  id: integer('id').primaryKey(),
  aliveAt: bigint('alive_at', { mode: 'number' }).notNull().default(nowMs),
});
