/**
 * What nodes send each other to run a room's command on its owner: a request on the owner's
 * `node:{id}:rpc` channel, answered on the asker's one `node:{id}:reply` channel. Both are
 * validated where they arrive; a command is checked with the engine's own command schema. A chat
 * line or stance change says what the owner counts before running it (see debates/room-limits).
 */
import { commandSchema, REJECTION_CODES, type Rejection } from '@toron/engine';
import { z } from 'zod';
import type { RoomCommand } from '../../debates/actor.js';
import { ROOM_LIMITS, type Counted } from '../../debates/room-limits.js';

/** The channel where a node takes commands for the rooms it owns. */
export const rpcChannel = (nodeId: string): string => `node:${nodeId}:rpc`;
/** The channel where a node hears the answers to the commands it forwarded. */
export const replyChannel = (nodeId: string): string => `node:${nodeId}:reply`;

const nodeIdSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);
const reqIdSchema = z.string().min(1).max(64);

/** A command for a room, forwarded to the node named its owner under `epoch`. */
export interface ForwardRequest {
  readonly reqId: string;
  readonly replyTo: string;
  readonly roomId: string;
  readonly epoch: number;
  /** When the asker stops waiting (ms since the epoch): later the owner drops the command unapplied. */
  readonly deadline: number;
  readonly cmd: RoomCommand;
  /** What the owner counts first, under the room's limits. */
  readonly counted?: Counted;
}

/**
 * The owner's answer: the command was decided (refused or not), its sender was over the counted
 * limit (not applied), or the room is not run there (not applied).
 */
export type ForwardReply =
  | { readonly reqId: string; readonly outcome: 'done'; readonly rejection: Rejection | null }
  | { readonly reqId: string; readonly outcome: 'over-limit' | 'moved' };

const requestSchema = z.object({
  reqId: reqIdSchema,
  replyTo: nodeIdSchema,
  roomId: z.string().min(1).max(100),
  epoch: z.number().int().nonnegative(),
  deadline: z.number().int().nonnegative(),
  cmd: z.record(z.string(), z.unknown()),
  counted: z.object({ limit: z.enum(ROOM_LIMITS), userId: z.number().int().positive() }).optional(),
});

const replySchema = z.discriminatedUnion('outcome', [
  z.object({
    reqId: reqIdSchema,
    outcome: z.literal('done'),
    rejection: z.object({ code: z.enum(REJECTION_CODES), message: z.string().max(500) }).nullable(),
  }),
  z.object({ reqId: reqIdSchema, outcome: z.enum(['over-limit', 'moved']) }),
]);

/** A request as received, or null when it is not one (its command included). */
export function parseRequest(payload: unknown): ForwardRequest | null {
  const parsed = requestSchema.safeParse(payload);
  if (!parsed.success) return null;
  // The engine's schema stamps commands with `now`; the owner stamps its own on arrival.
  const command = commandSchema.safeParse({ ...parsed.data.cmd, now: 0 });
  if (!command.success) return null;
  const { now: _stamped, ...cmd } = command.data;
  return { ...parsed.data, cmd };
}

/** A reply as received, or null when it is not one. */
export function parseReply(payload: unknown): ForwardReply | null {
  const parsed = replySchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
