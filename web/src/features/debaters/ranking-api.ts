import { persuasionSummarySchema, rankedDebaterSchema } from '@toron/engine';
import { z } from 'zod';
import { api } from '../../lib/api';

/** A debater of the ranking (U2, docs/wire-contract.md#shapes) in our own names. */
export interface Debater {
  userId: number;
  nickname: string;
  profileUrl: string | null;
  introduction: string;
  followers: number;
  followees: number;
  wins: number;
  draws: number;
  losses: number;
  /** The Glicko-2 rating (null from a server that sends none). */
  rating: number | null;
  /** 설득력: the average points their side gained among viewers (null before a measured debate). */
  averageSwing: number | null;
}

/** The orders of the ranking: by rating, or by 설득력. */
export type RankingOrder = 'rating' | 'persuasion';

const count = z
  .number()
  .nullish()
  .catch(null)
  .transform((n) => n ?? 0);
const text = z.string().nullish().catch(null);
const rating = rankedDebaterSchema.shape.rating.nullish().catch(null);
const persuasion = persuasionSummarySchema.nullish().catch(null);

const debaterSchema = z
  .object({
    userId: z.number().int(),
    nickname: z.string().nullish().catch(null),
    profile: text,
    introduction: text,
    totalFollowers: count,
    totalFollowees: count,
    wins: count,
    draws: count,
    losses: count,
    rating,
    persuasion,
  })
  .transform((raw): Debater => ({
    userId: raw.userId,
    nickname: raw.nickname || '알 수 없음',
    profileUrl: raw.profile || null,
    introduction: raw.introduction ?? '',
    followers: raw.totalFollowers,
    followees: raw.totalFollowees,
    wins: raw.wins,
    draws: raw.draws,
    losses: raw.losses,
    rating: raw.rating ?? null,
    averageSwing: raw.persuasion?.averageSwing ?? null,
  }));

/** Entries the server sent without a usable user id are left out rather than failing the list. */
const rankingSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = debaterSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

/** The ranking, best first in `order`; `query` (a nickname part) is sent only when non-empty. */
export function fetchRanking(query: string, order: RankingOrder = 'rating'): Promise<Debater[]> {
  return api('/api/users/followers', {
    query: { query: query || null, order: order === 'rating' ? null : order },
    schema: rankingSchema,
  });
}
