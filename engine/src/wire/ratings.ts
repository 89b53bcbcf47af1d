/**
 * The shapes of ratings on the wire (docs/ratings.md): the ranking entry (U2 plus
 * the rating), a member's rating with its history, and what one debate did to its debaters'
 * ratings. The server answers with them; the web parses with them.
 */
import { z } from 'zod';
import { SIDES } from '../settings/codes.js';
import { persuasionSummarySchema } from './stance.js';

/**
 * A rating whose deviation is at or above this is provisional (잠정): shown with a "?" and kept off
 * the ranking.
 */
export const PROVISIONAL_DEVIATION = 160;

/** A debater's result in a rated debate. */
export const RATING_OUTCOMES = ['WIN', 'DRAW', 'LOSS'] as const;
export type RatingOutcome = (typeof RATING_OUTCOMES)[number];

const count = z.number().int().nonnegative();
/** Ratings, deviations and changes travel as whole numbers. */
const whole = z.number().int();

/** A ranking entry (U2): the contract's debater fields, plus the established rating. */
export const rankedDebaterSchema = z
  .object({
    userId: z.number().int().positive(),
    nickname: z.string(),
    profile: z.string(),
    introduction: z.string().nullable(),
    totalFollowers: count,
    totalFollowees: count,
    wins: count,
    draws: count,
    losses: count,
    rating: whole.meta({ description: 'Glicko-2 레이팅 (반올림)' }),
    ratingDeviation: whole.meta({ description: '레이팅 편차 (반올림, 랭킹에서는 항상 기준 미만)' }),
    persuasion: persuasionSummarySchema.nullable().meta({ description: '설득력 (측정된 토론이 없으면 null)' }),
  })
  .meta({ id: 'Debater', description: '랭킹의 토론자: 팔로우 수, 전적, 레이팅, 설득력' });
export type RankedDebater = z.infer<typeof rankedDebaterSchema>;

/** One rated debate in a member's rating history. */
export const ratingPointSchema = z.object({
  roomId: z.string(),
  title: z.string(),
  /** When the debate's result came (ISO-8601). */
  ratedAt: z.string(),
  outcome: z.enum(RATING_OUTCOMES),
  /** The rating after this debate. */
  rating: whole,
  /** The shown change: rating after minus rating before, both rounded (+12, -8). */
  change: whole,
});
export type RatingPoint = z.infer<typeof ratingPointSchema>;

/** A member's rating and their latest rating changes, oldest first. */
export const userRatingSchema = z
  .object({
    userId: z.number().int().positive(),
    rating: whole,
    ratingDeviation: whole,
    provisional: z.boolean().meta({ description: '잠정 레이팅: 편차가 기준 이상이라 랭킹에 오르지 않음' }),
    ratedDebates: count,
    history: z.array(ratingPointSchema),
  })
  .meta({ id: 'UserRating', description: '사용자의 레이팅과 최근 레이팅 변화' });
export type UserRating = z.infer<typeof userRatingSchema>;

/** What one debate did to one debater's rating. */
export const roomRatingChangeSchema = z
  .object({
    userId: z.number().int().positive(),
    side: z.enum(SIDES),
    outcome: z.enum(RATING_OUTCOMES),
    ratingBefore: whole,
    rating: whole,
    change: whole,
    provisional: z.boolean(),
  })
  .meta({ id: 'RoomRatingChange', description: '한 토론이 토론자의 레이팅을 바꾼 만큼' });
export type RoomRatingChange = z.infer<typeof roomRatingChangeSchema>;
