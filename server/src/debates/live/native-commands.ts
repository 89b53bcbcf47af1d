/**
 * The native room commands as a table: each command name (its body parsed by the engine's wire
 * schema) to what it does in the room. Seats and observing go through presence, so they are bound
 * to the connection; chat and stance changes are rate limited; everything else is one engine command.
 */
import {
  isNativeCommandName,
  nativeCommandSchema,
  type NativeCommandBody,
  type NativeCommandName,
  type NativeReplyCode,
} from '@toron/engine';
import type { RoomCommand } from '../actor.js';
import type { RoomDirectory } from '../directory.js';
import { ROOM_LIMIT_REFUSALS, type RoomLimit } from '../room-limits.js';
import type { LivePrincipal } from './principal.js';
import type { Connection, RoomPresence } from './room-presence.js';

/** A refused command: a stable code and a Korean message. */
export interface Refusal {
  readonly code: NativeReplyCode;
  readonly message: string;
}

export interface CommandContext {
  readonly directory: RoomDirectory;
  readonly rooms: RoomPresence;
}

/** Who sends a command to which room. */
interface Sender {
  readonly connection: Connection & { readonly principal: LivePrincipal };
  readonly roomId: string;
}

type Handler<N extends NativeCommandName> = (sender: Sender, body: NativeCommandBody<N>) => Promise<Refusal | null>;
type Table = { readonly [N in NativeCommandName]: Handler<N> };

const UNKNOWN_COMMAND: Refusal = { code: 'UNKNOWN_COMMAND', message: '알 수 없는 요청입니다.' };
const MALFORMED: Refusal = { code: 'INVALID_SETTINGS', message: '요청 형식이 올바르지 않습니다.' };

function commandTable(ctx: CommandContext): Table {
  const run = async (roomId: string, command: RoomCommand) =>
    (await ctx.directory.dispatch(roomId, command)).rejection ?? null;
  // Counted by the node that runs the room, before it runs the command (see room-limits).
  const limited = async (sender: Sender, limit: RoomLimit, command: RoomCommand) => {
    const counted = { limit, userId: sender.connection.principal.id };
    const { rejection, overLimit } = await ctx.directory.dispatch(sender.roomId, command, counted);
    return overLimit ? ROOM_LIMIT_REFUSALS[overLimit] : (rejection ?? null);
  };
  const actorOf = (sender: Sender) => sender.connection.principal.actor;
  const presence = (sender: Sender, role: 'debater' | 'observer') => ({
    roomId: sender.roomId,
    role,
    userId: sender.connection.principal.id,
  });
  return {
    join: (s, body) => ctx.rooms.joinDebater(s.connection, s.roomId, body.side),
    leave: (s) => ctx.rooms.release(s.connection, presence(s, 'debater'), true),
    observe: (s) => ctx.rooms.joinObserver(s.connection, s.roomId),
    unobserve: (s) => ctx.rooms.release(s.connection, presence(s, 'observer'), true),
    speak: (s, body) => limited(s, 'chat', { type: 'speak', actor: actorOf(s), text: body.text }),
    'observer-chat': (s, body) => limited(s, 'chat', { type: 'observerChat', actor: actorOf(s), text: body.text }),
    vote: (s, body) => run(s.roomId, { type: 'vote', actor: actorOf(s), choice: body.choice }),
    stance: (s, body) => limited(s, 'stance', { type: 'declareStance', actor: actorOf(s), stance: body.stance }),
  };
}

/**
 * Runs native commands: an unknown name is UNKNOWN_COMMAND, a body its schema refuses is answered
 * as a malformed request; resolves with the refusal, or null when the room accepted it.
 */
export function nativeCommands(ctx: CommandContext) {
  const table = commandTable(ctx);
  const call = <N extends NativeCommandName>(sender: Sender, name: N, body: NativeCommandBody<N>) =>
    table[name](sender, body);
  return (sender: Sender, name: string, body: unknown): Promise<Refusal | null> => {
    if (!isNativeCommandName(name)) return Promise.resolve(UNKNOWN_COMMAND);
    const parsed = nativeCommandSchema.safeParse({ command: name, body: body ?? {} });
    if (!parsed.success) return Promise.resolve(MALFORMED);
    return call(sender, parsed.data.command, parsed.data.body);
  };
}
