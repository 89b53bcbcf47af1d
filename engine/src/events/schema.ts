import { z } from 'zod';
import { SIDES, STANCES, VOTE_CHOICES } from '../settings/codes.js';
import { roomSettingsSchema } from '../settings/settings.js';
import { voteTallySchema } from '../wire/rooms.js';

/** Version of the stored event shapes; bump it (and migrate) when a shape changes. */
export const EVENT_SCHEMA_VERSION = 1 as const;

const userId = z.number().int().positive();
const time = z.number().int().nonnegative();
const side = z.enum(SIDES);
const member = z.object({ userId, nickname: z.string().min(1), imageUrl: z.string().nullable() });

const meta = z.object({ seq: z.number().int().positive(), at: time, v: z.literal(EVENT_SCHEMA_VERSION) });
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  meta.extend({ type: z.literal(type), ...shape });

/** Every event a room can record; each is a fact in the past tense. */
export const roomEventSchema = z
  .discriminatedUnion('type', [
    event('RoomOpened', {
      roomId: z.uuid(),
      settings: roomSettingsSchema,
      timeScale: z.number().positive().finite(),
      graceSeconds: z.number().nonnegative().finite(),
    }),
    event('DebaterJoined', { ...member.shape, side }),
    event('DebaterLeft', { userId, nickname: z.string(), side, reason: z.enum(['left', 'grace-expired']) }),
    event('DebaterDisconnected', { userId, nickname: z.string(), side, graceEndsAt: time }),
    event('DebaterReconnected', { userId, nickname: z.string(), side }),
    event('ObserverJoined', member.shape),
    event('ObserverLeft', { userId, nickname: z.string() }),
    event('ObserverChatted', { ...member.shape, text: z.string().min(1) }),
    event('RecruitmentCompleted', { roster: z.object({ PRO: z.array(member), CON: z.array(member) }), startsAt: time }),
    event('DebateStarted', {}),
    event('TurnStarted', { index: z.number().int().nonnegative(), side, endsAt: time }),
    event('Spoke', { ...member.shape, side, turnIndex: z.number().int().nonnegative(), text: z.string().min(1) }),
    event('DebateEnded', { votingOpensAt: time }),
    event('VotingOpened', { closesAt: time }),
    // A null choice is a ballot hidden from this reader (see redactFor).
    event('Voted', { userId, choice: z.enum(VOTE_CHOICES).nullable() }),
    event('VotingClosed', { tally: voteTallySchema, outcome: z.enum(['PRO', 'CON', 'DRAW']) }),
    event('RoomClosed', {}),
    event('WonByDefault', { winner: side }),
    event('ExitOverflow', {}),
    event('RoomAbandoned', {}),
    event('DeadlinesShifted', { byMs: z.number().int().positive() }),
    // A viewer's stance; both fields are null in a copy for any other reader (see redactFor).
    event('StanceDeclared', { userId: userId.nullable(), stance: z.enum(STANCES).nullable() }),
  ])
  .meta({ id: 'DebateRoomEvent', description: '토론방 이벤트 (저장된 사실 하나, seq 순서)' });

/** A stored room event. */
export type RoomEvent = z.infer<typeof roomEventSchema>;
/** The name of an event type. */
export type RoomEventType = RoomEvent['type'];
/** The event of one type. */
export type EventOf<T extends RoomEventType> = Extract<RoomEvent, { type: T }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** An event before it is stamped with its sequence number, time and version. */
export type EventDraft = DistributiveOmit<RoomEvent, 'seq' | 'at' | 'v'>;

/** Every event type name, in schema order. */
export const EVENT_TYPES: readonly RoomEventType[] = roomEventSchema.options.map((o) => o.shape.type.value);

/** Parses one stored event (e.g. a JSON row); throws a ZodError when it is not a valid event. */
export function parseEvent(input: unknown): RoomEvent {
  return roomEventSchema.parse(input);
}

/** Parses one stored event without throwing. */
export function safeParseEvent(input: unknown): ReturnType<typeof roomEventSchema.safeParse> {
  return roomEventSchema.safeParse(input);
}
