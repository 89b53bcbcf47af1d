import { z } from 'zod';
import { SIDES, STANCES, VOTE_CHOICES } from '../settings/codes.js';

/** The acting user, as the server knows them from the access token. */
export const actorSchema = z.object({
  userId: z.number().int().positive(),
  nickname: z.string().trim().min(1),
  imageUrl: z.string().nullable(),
});
export type Actor = z.infer<typeof actorSchema>;

const now = z.number().int().nonnegative();
const acting = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), now, actor: actorSchema, ...shape });

/** Every command a room accepts. Time enters only as `now` (ms since epoch). */
export const commandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('openRoom'),
    now,
    roomId: z.uuid(),
    // Validated by the decider, which answers INVALID_SETTINGS instead of throwing.
    settings: z.unknown(),
    timeScale: z.number().positive().finite().optional(),
    graceSeconds: z.number().nonnegative().finite().optional(),
  }),
  acting('joinAsDebater', { side: z.enum(SIDES) }),
  acting('joinAsObserver', {}),
  acting('leaveAsObserver', {}),
  acting('leave', {}),
  acting('disconnect', {}),
  acting('reconnect', {}),
  acting('speak', { text: z.string() }),
  acting('observerChat', { text: z.string() }),
  acting('vote', { choice: z.enum(VOTE_CHOICES) }),
  acting('declareStance', { stance: z.enum(STANCES) }),
  z.object({ type: z.literal('tick'), now }),
  z.object({ type: z.literal('shiftDeadlines'), now, byMs: z.number().int().positive() }),
]);

/** A command to a room. */
export type Command = z.infer<typeof commandSchema>;
/** The name of a command type. */
export type CommandType = Command['type'];
/** The command of one type. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Parses a command from outside (e.g. a STOMP frame mapped to a command); throws a ZodError. */
export function parseCommand(input: unknown): Command {
  return commandSchema.parse(input);
}
