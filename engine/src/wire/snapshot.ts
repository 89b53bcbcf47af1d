/**
 * The snapshot message of the native event stream: a SUBSCRIBE with `mode: snapshot` gets one
 * `RoomSnapshot` (the room state at `seq`, redacted for the reader, and the recent transcript),
 * then the events `seq + 1`, `seq + 2`… Both the snapshot and the events are parsed with
 * `roomStreamMessageSchema`.
 */
import { z } from 'zod';
import { roomEventSchema } from '../events/schema.js';
import { PHASES } from '../state/room-state.js';
import { SIDES, STANCES, VOTE_CHOICES } from '../settings/codes.js';
import { roomSettingsSchema } from '../settings/settings.js';
import { voteTallySchema } from './rooms.js';

const count = z.number().int().nonnegative();
const time = z.number().nonnegative();
const userId = z.number().int().positive();
const member = z.object({ userId, nickname: z.string(), imageUrl: z.string().nullable() });
const bySide = <T extends z.ZodType>(item: T) => z.object({ PRO: z.array(item), CON: z.array(item) });

/** The engine's room state as it travels in a snapshot (a plain JSON value). */
export const roomStateSchema = z
  .object({
    phase: z.enum(PHASES),
    roomId: z.string(),
    settings: roomSettingsSchema.nullable(),
    timeScale: z.number().positive(),
    durations: z
      .object({ startMs: time, turnMs: time, votePauseMs: time, voteWindowMs: time, graceMs: time })
      .nullable(),
    openedAt: time,
    lastSeq: count,
    lastAt: time,
    seats: bySide(member.extend({ graceEndsAt: time.nullable() })),
    roster: bySide(member).nullable(),
    observers: z.array(member),
    audience: z.array(userId),
    peakObservers: count,
    startsAt: time.nullable(),
    turn: z.object({ index: count, side: z.enum(SIDES), endsAt: time }).nullable(),
    vote: z
      .object({
        open: z.boolean(),
        opensAt: time,
        closesAt: time.nullable(),
        ballots: z.record(z.string(), z.enum(VOTE_CHOICES).nullable()),
      })
      .nullable(),
    result: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('vote'), outcome: z.enum([...SIDES, 'DRAW']), tally: voteTallySchema }),
        z.object({ kind: z.literal('walkover'), winner: z.enum(SIDES) }),
      ])
      .nullable(),
    messageCount: count,
    observerMessageCount: count,
    stances: z.record(z.string(), z.enum(STANCES)).optional(),
  })
  .meta({ id: 'RoomState', description: '어느 seq까지의 이벤트로 접은 토론방 상태 (읽는 사람에게 맞춰 가림)' });

/** The first message of a stream opened with `mode: snapshot`. */
export const roomSnapshotMessageSchema = z
  .object({
    type: z.literal('RoomSnapshot'),
    /** The seq of the last event folded in; the stream goes on with seq + 1. */
    seq: count,
    state: roomStateSchema,
    /** The latest events of each chat (at most TRANSCRIPT_LIMIT of each), in seq order. */
    transcript: z.array(roomEventSchema),
  })
  .meta({
    id: 'RoomSnapshot',
    description:
      'seq까지의 토론방 상태와 최근 대화 (mode: snapshot 구독의 첫 메시지). 이어서 seq + 1부터의 이벤트가 옵니다.',
  });
export type RoomSnapshotMessage = z.infer<typeof roomSnapshotMessageSchema>;

/** Any message of the native event stream: the snapshot (first, when asked for) or one event. */
export const roomStreamMessageSchema = z.union([roomSnapshotMessageSchema, roomEventSchema]);
export type RoomStreamMessage = z.infer<typeof roomStreamMessageSchema>;
