import { z } from '@hono/zod-openapi';
import {
  roomInfoSchema,
  roomOutcomeSchema,
  CATEGORIES,
  CONTINENTS,
  FORMATS,
  MAX_TITLE_LENGTH,
  SPEAK_COUNT_CODES,
  textLength,
  TIME_CODES,
  VOTE_CHOICES,
} from '@toron/engine';

const codes = <T extends Record<string, unknown>>(table: T) =>
  Object.keys(table) as [keyof T & string, ...(keyof T & string)[]];
// Characters as docs/product-rules.md#text-length counts them (JSON Schema's maxLength counts the same way).
const shortText = z
  .string()
  .trim()
  .min(1)
  .refine((text) => textLength(text) <= MAX_TITLE_LENGTH)
  .openapi({ maxLength: MAX_TITLE_LENGTH });

/** D1 body: the codes of docs/wire-contract.md#codes; newsUrl, when sent, must be the `/news/{newsId}` path. */
export const createRoomBody = z
  .object({
    title: shortText,
    description: shortText,
    memberNumber: z.enum(FORMATS),
    category: z.enum(CATEGORIES),
    time: z.enum(codes(TIME_CODES)),
    continent: z.enum(CONTINENTS),
    speakCount: z.enum(codes(SPEAK_COUNT_CODES)),
    resultEnabled: z.boolean(),
    newsId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
    newsUrl: z.string().max(500).nullish(),
  })
  .openapi('CreateDebateRoom');

export const roomIdParams = z.object({
  roomId: z.uuid().openapi({ param: { in: 'path' }, example: '3f0c2a57-8a0e-4d7e-9d55-2f0b6a1f2c11' }),
});

export const turnSchema = z.object({ turnCount: z.number().int() }).openapi('DebateTurn');

export const voteBody = z
  .object({ vote: z.enum(VOTE_CHOICES), userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .openapi('DebateVote');

const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]).optional();

/** D8 query: every field is always sent; an empty string means "no filter". */
export const finishedQuery = z.object({
  q: z.string().max(100).optional(),
  continent: emptyOr(z.enum(CONTINENTS)),
  category: emptyOr(z.enum(CATEGORIES)),
  member: emptyOr(z.enum(FORMATS)),
  p: z.union([z.literal(''), z.string().regex(/^\d{1,7}$/)]).optional(),
  sort: emptyOr(z.enum(['recent', 'popular'])),
});

export const finishedPageSchema = z
  .object({
    content: z.array(roomInfoSchema),
    totalPages: z.number().int(),
    totalElements: z.number().int(),
    size: z.number().int(),
    number: z.number().int(),
    pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }).passthrough(),
  })
  .passthrough()
  .openapi('FinishedDebatePage');

/** U6 entry. */
export const myDebateSchema = z
  .object({
    debateId: z.string(),
    category: z.string(),
    title: z.string(),
    time: z.string(),
    member: z.string(),
    status: z.string(),
    isParticipant: z.boolean(),
    /** This user's rating change in this debate (+12, -8); null when it was not rated for them. */
    ratingChange: z.number().int().nullable(),
    /** The user's side: PRO or CON for a debater, NO_POSITION for an observer. */
    position: z.enum(VOTE_CHOICES),
    /** How the room ended; null while it is live. */
    outcome: roomOutcomeSchema.nullable(),
    /** What the room gave this debater; null for an observer or a room that decided nothing. */
    result: z.enum(['WIN', 'DRAW', 'LOSS']).nullable(),
  })
  .openapi('MyDebate');

export const userIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .openapi({ param: { in: 'path' }, example: 1 }),
});
