/**
 * The shapes of rooms on the wire (docs/wire-contract.md#shapes), as zod schemas with their
 * types inferred from them. The server answers with them (and lists them in its OpenAPI and
 * AsyncAPI documents under the `id` of their metadata); the web parses with them.
 */
import { z } from 'zod';
import { CATEGORIES, CONTINENTS, VOTE_CHOICES } from '../settings/codes.js';

const count = z.number().int().nonnegative();

/** A user card inside room info, with the user's current record (participant). */
export const participantSchema = z
  .object({
    id: z.number().int().positive(),
    nickname: z.string(),
    profileUrl: z.string().nullable(),
    winNumber: count,
    drawNumber: count,
    defeatNumber: count,
  })
  .meta({ id: 'Participant', description: '토론자 카드: 닉네임, 프로필 사진, 전적' });
export type Participant = z.infer<typeof participantSchema>;

/** The room status of the wire contract: the countdown already counts as DEBATE, every ending as CLOSED. */
export const ROOM_STATUSES = ['WAITING', 'DEBATE', 'VOTING', 'CLOSED'] as const;
export type RoomStatus = (typeof ROOM_STATUSES)[number];

/** Counts of a vote (vote tally). */
export const voteTallySchema = z
  .object({ agreeNumber: count, disagreeNumber: count, neutralNumber: count })
  .meta({ id: 'DebateVoteResult', description: '투표 결과: 찬성, 반대, 기권 수' });
export type VoteTally = z.infer<typeof voteTallySchema>;

/**
 * How a room ended: decided by the vote, by a walkover, completed without a vote, stopped because
 * a side left (no result), or cancelled before it started (everyone left the waiting room).
 */
export const ROOM_ENDINGS = ['VOTE', 'WALKOVER', 'COMPLETED', 'STOPPED', 'CANCELLED'] as const;
export type RoomEnding = (typeof ROOM_ENDINGS)[number];

/** The outcome of an ended room (our extension of room info, U6 and the finished list; null while live). */
export const roomOutcomeSchema = z
  .object({
    ending: z.enum(ROOM_ENDINGS),
    /** The winning side or DRAW; null when the room decided nothing. */
    winner: z.enum(['PRO', 'CON', 'DRAW']).nullable(),
    /** The final counts of a VOTE ending, else null. */
    tally: voteTallySchema.nullable(),
    /** When the room ended, ISO-8601 UTC. */
    endedAt: z.string(),
  })
  .meta({ id: 'DebateRoomOutcome', description: '끝난 토론방의 결과: 끝난 방식, 승리 측, 투표 수, 끝난 시각' });
export type RoomOutcome = z.infer<typeof roomOutcomeSchema>;

/** Room info: D2, D3, D4, D8 items and the `debateRoomResponse` of room-list entries. */
export const roomInfoSchema = z
  .object({
    roomId: z.string(),
    /** The same room id again: the original client navigates by this one. */
    uuid: z.string(),
    title: z.string(),
    description: z.string(),
    /** Seats per side: 1 (1:1) or 3 (3:3). */
    memberNumberType: z.union([z.literal(1), z.literal(3)]),
    categoryType: z.enum(CATEGORIES),
    continentType: z.enum(CONTINENTS),
    newsUrl: z.string().nullable(),
    status: z.enum(ROOM_STATUSES),
    /** Seconds per turn. */
    timeType: z.number().int().positive(),
    /** Turns per side. */
    speakCountType: z.number().int().positive(),
    resultEnabled: z.boolean(),
    /** Live seats while recruiting, the roster once it is fixed. */
    proUsers: z.array(participantSchema),
    conUsers: z.array(participantSchema),
    /** How the room ended; null while it is live. */
    outcome: roomOutcomeSchema.nullable(),
  })
  .meta({ id: 'DebateRoomInfo', description: '토론방 정보' });
export type RoomInfo = z.infer<typeof roomInfoSchema>;

/** A live room-list entry (room-list entry). */
export const roomListEntrySchema = z
  .object({
    debateRoomResponse: roomInfoSchema,
    /** Observers watching now. */
    currentCount: count,
    /** The most observers the room ever had at once. */
    maxCount: count,
  })
  .meta({ id: 'RoomListEntry', description: '실시간 토론방 목록의 한 항목' });
export type RoomListEntry = z.infer<typeof roomListEntrySchema>;

/**
 * A room-list snapshot: 최신순 and 임박순 list the rooms still recruiting; 인기순
 * (`observerCurrent`) and `observerMax` list every live room.
 */
export const roomListSnapshotSchema = z
  .object({
    roomCount: count,
    roomSortedByCreatedAt: z.array(roomListEntrySchema),
    roomSortedByUserCount: z.array(roomListEntrySchema),
    observerCurrent: z.array(roomListEntrySchema),
    observerMax: z.array(roomListEntrySchema),
  })
  .meta({ id: 'RoomListSnapshot', description: '실시간 토론방 목록 (필터별)' });
export type RoomListSnapshot = z.infer<typeof roomListSnapshotSchema>;

/** One line of a room's archived chat (U7): content, who said it, their side (NO_POSITION for observers), ISO time. */
export const archiveEntrySchema = z
  .object({
    nickname: z.string(),
    position: z.enum(VOTE_CHOICES),
    content: z.string(),
    profileUrl: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DebateChat', description: '지난 토론의 채팅 한 줄' });
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;
