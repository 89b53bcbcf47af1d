/**
 * The native protocol of our own client on the `/ws` endpoint: the room commands a client SENDs to
 * `roomCommandDestination(roomId, command)`, and the reply each one gets on `REPLIES_QUEUE`.
 */
import { z } from 'zod';
import { REJECTION_CODES, type RejectionCode } from '../decide/rejection.js';
import { SIDES, STANCES, VOTE_CHOICES } from '../settings/codes.js';

/** Longest chat text a frame may carry (the engine then refuses what is over its own limit). */
export const MAX_FRAME_TEXT = 2000;

const text = z.object({ text: z.string().max(MAX_FRAME_TEXT) });
// Commands without a body ignore whatever body came with them.
const noBody = z.object({}).optional().catch(undefined);
const command = <N extends string, B extends z.ZodType>(name: N, body: B) =>
  z.object({ command: z.literal(name), body });

/** Every native room command, by name, with its body. */
export const nativeCommandSchema = z
  .discriminatedUnion('command', [
    /** Take (or take back) a debater seat on a side. */
    command('join', z.object({ side: z.enum(SIDES) })),
    /** Give the seat up. */
    command('leave', noBody),
    /** Start observing. */
    command('observe', noBody),
    /** Stop observing. */
    command('unobserve', noBody),
    /** A debater's speech, in their turn. */
    command('speak', text),
    /** An observer's chat line. */
    command('observer-chat', text),
    /** A ballot, while the vote is open. */
    command('vote', z.object({ choice: z.enum(VOTE_CHOICES) })),
    /** A viewer's stance (찬성 / 반대 / 미정), declared or changed until the vote opens. */
    command('stance', z.object({ stance: z.enum(STANCES) })),
  ])
  .meta({ id: 'NativeRoomCommand', description: '토론방 명령 (이름과 본문)' });

/** A native room command as a client sends it. */
export type NativeCommand = z.input<typeof nativeCommandSchema>;
/** The name of a native room command (the last segment of its destination). */
export type NativeCommandName = NativeCommand['command'];
/** A native room command as the server reads it (bodies parsed). */
export type ParsedNativeCommand = z.output<typeof nativeCommandSchema>;
type Bodies = { [N in NativeCommandName]: Extract<ParsedNativeCommand, { command: N }>['body'] };
/** The parsed body of one command. */
export type NativeCommandBody<N extends NativeCommandName> = Bodies[N];

/** Every native command name, in schema order. */
export const NATIVE_COMMAND_NAMES: readonly NativeCommandName[] = nativeCommandSchema.options.map(
  (o) => o.shape.command.value,
);

/** Whether a destination's last segment names a native command. */
export function isNativeCommandName(name: string): name is NativeCommandName {
  return (NATIVE_COMMAND_NAMES as readonly string[]).includes(name);
}

/**
 * Refusals of the native endpoint itself, besides the engine's rejections: chat, presence (seat,
 * observing) or stance changes over their rate limit, an unknown command or destination, a room
 * stream subscribed twice on one connection, and a stream refused while the user already has as
 * many replays running as allowed.
 */
export const NATIVE_REFUSAL_CODES = [
  'CHAT_RATE_LIMITED',
  'PRESENCE_RATE_LIMITED',
  'STANCE_RATE_LIMITED',
  'UNKNOWN_COMMAND',
  'UNKNOWN_DESTINATION',
  'ALREADY_SUBSCRIBED',
  'REPLAY_BUSY',
] as const;

/** The code of a refused native command: an engine rejection or a refusal of the endpoint. */
export const nativeReplyCodeSchema = z.enum([
  ...(REJECTION_CODES as [RejectionCode, ...RejectionCode[]]),
  ...NATIVE_REFUSAL_CODES,
]);
export type NativeReplyCode = z.infer<typeof nativeReplyCodeSchema>;

const replyTo = { roomId: z.string(), command: z.string() };

/** The answer to one native command, on `REPLIES_QUEUE`. */
export const nativeReplySchema = z
  .discriminatedUnion('ok', [
    z.object({ ...replyTo, ok: z.literal(true) }),
    z.object({ ...replyTo, ok: z.literal(false), code: nativeReplyCodeSchema, message: z.string() }),
  ])
  .meta({ id: 'NativeReply', description: '토론방 명령의 결과: 성공, 또는 거절 코드와 한국어 메시지' });
export type NativeReply = z.infer<typeof nativeReplySchema>;

/** A refused subscription's ERROR body on the native endpoint (an unknown room or destination). */
export const nativeRefusalSchema = z
  .object({ roomId: z.string().optional(), ok: z.literal(false), code: nativeReplyCodeSchema, message: z.string() })
  .meta({ id: 'NativeSubscribeRefusal', description: '구독 거절 (ERROR 프레임 본문)' });
export type NativeSubscribeRefusal = z.infer<typeof nativeRefusalSchema>;
