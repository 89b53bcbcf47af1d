/**
 * The audience's stances on the wire: the live shares a room's viewers see, and the persuasion
 * measured once the debate is over. Only counts travel; no shape here names a viewer.
 */
import { z } from 'zod';
import { SIDES } from '../settings/codes.js';

const count = z.number().int().nonnegative();
const points = z.number().int().min(-100).max(100);
const time = z.number().int().nonnegative();
const byStance = z.object({ PRO: count, CON: count, UNDECIDED: count });

/** How many present viewers hold each stance, shown only when at least `STANCE_MIN_DECLARED` declared. */
export const stanceSharesSchema = z
  .object({ declared: count, ...byStance.shape })
  .meta({ id: 'StanceShares', description: '입장을 밝힌 참관자 수와 입장별 인원 (3명 이상일 때만)' });
export type StanceShares = z.infer<typeof stanceSharesSchema>;

/**
 * The body of the live stance topic: the shares now (null below the threshold) and whether stances may still change.
 */
export const stanceBoardSchema = z
  .object({ roomId: z.string(), shares: stanceSharesSchema.nullable(), open: z.boolean() })
  .meta({ id: 'StanceBoard', description: '실시간 입장 비율' });
export type StanceBoard = z.infer<typeof stanceBoardSchema>;

/**
 * Percentage points each side gained between the first speech and the vote; the side that gained most moved the room.
 */
export const swingSchema = z
  .object({ PRO: points, CON: points, mover: z.enum(SIDES).nullable() })
  .meta({ id: 'StanceSwing', description: '첫 발언 때와 투표 때 사이 각 입장의 변화 (%p)와 방을 움직인 쪽' });
export type Swing = z.infer<typeof swingSchema>;

/** The turn after which the most viewers changed stance, with its speakers. */
export const persuasiveTurnSchema = z
  .object({
    turnIndex: count,
    side: z.enum(SIDES),
    speakers: z.array(z.object({ userId: z.number().int().positive(), nickname: z.string() })),
    /** Viewers whose stance at the turn's end differed from the one they held at its start. */
    moved: z.number().int().positive(),
    /** Where those viewers went. */
    toward: byStance,
  })
  .meta({ id: 'PersuasiveTurn', description: '가장 많은 참관자의 입장을 움직인 발언' });
export type PersuasiveTurn = z.infer<typeof persuasiveTurnSchema>;

/** One point of the stance timeline: the shares from `at` on (null while fewer than the threshold declared). */
export const stancePointSchema = z.object({ at: time, shares: stanceSharesSchema.nullable() });
export type StancePoint = z.infer<typeof stancePointSchema>;

/**
 * What a finished debate did to its audience: the shares at the first speech and at the vote, the swing, the most
 * persuasive turn, the timeline.
 */
export const persuasionSchema = z
  .object({
    atFirstSpeech: stanceSharesSchema.nullable(),
    /** When the vote opened (in a room without a vote: when the debate ended). */
    atVote: stanceSharesSchema.nullable(),
    swing: swingSchema.nullable(),
    mostMoved: persuasiveTurnSchema.nullable(),
    timeline: z.array(stancePointSchema),
  })
  .meta({
    id: 'Persuasion',
    description: '설득 지표: 첫 발언 때와 투표 때의 입장 비율, 스윙, 가장 설득력 있던 발언, 시간별 비율',
  });
export type Persuasion = z.infer<typeof persuasionSchema>;

/** A debater's 설득력: the mean percentage points their side gained over their measured debates (one decimal). */
export const persuasionSummarySchema = z
  .object({ averageSwing: z.number().min(-100).max(100), debates: z.number().int().positive() })
  .meta({ id: 'PersuasionSummary', description: '설득력: 측정된 토론에서 자기 편이 얻은 %p의 평균과 토론 수' });
export type PersuasionSummary = z.infer<typeof persuasionSummarySchema>;

/** A member's 설득력, or null before any measured debate. */
export const userPersuasionSchema = z
  .object({ userId: z.number().int().positive(), persuasion: persuasionSummarySchema.nullable() })
  .meta({ id: 'UserPersuasion', description: '사용자의 설득력 (측정된 토론이 없으면 null)' });
export type UserPersuasion = z.infer<typeof userPersuasionSchema>;
