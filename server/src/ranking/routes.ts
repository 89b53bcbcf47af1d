import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { rankedDebaterSchema } from '@toron/engine';
import type { Storage } from '../db/storage.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { profileImageUrl } from '../users/default-avatar.js';
import type { MemberStanding } from '../users/store.js';
import { shownPersuasion } from '../persuasion/shown.js';
import { standingAt } from './debate-rating.js';
import { isProvisional, shownRating } from './glicko.js';
import type { RankedRating } from './store.js';

/** Longest ranking answered. */
const RANKING_LIMIT = 100;
/** Ranked ratings read per step while looking for members that match. */
const PAGE = 200;

/** The orders of the ranking: by rating (the default), or by 설득력 among those with a measured debate. */
const RANKING_ORDERS = ['rating', 'persuasion'] as const;
type RankingOrder = (typeof RANKING_ORDERS)[number];

const rankingQuery = z.object({
  query: z.string().trim().max(30).optional(),
  order: z.enum(RANKING_ORDERS).optional(),
});

/** One page of candidates in the order asked for, established ratings only; `read` is how many rows the page read. */
async function candidates(
  storage: Storage,
  order: RankingOrder,
  offset: number,
  now: number,
): Promise<{ ranked: RankedRating[]; read: number }> {
  // Ratings as of now: a member idle long enough to be provisional again drops out.
  const established = (ratings: readonly RankedRating[]) =>
    ratings.map((r) => ({ ...r, ...standingAt(r, now) })).filter((r) => !isProvisional(r));
  if (order === 'rating') {
    const ranked = await storage.ratings.ranked(offset, PAGE);
    return { ranked: established(ranked), read: ranked.length };
  }
  const ids = (await storage.swings.mostPersuasive(offset, PAGE)).map((s) => s.userId);
  const standings = await storage.ratings.standingsOf(ids);
  const rated = ids.flatMap((userId) => {
    const standing = standings.get(userId);
    return standing ? [{ userId, ...standing }] : [];
  });
  return { ranked: established(rated), read: ids.length };
}

/** Ranked members (established ratings, in the order asked for) whose nickname matches `query`, at most the limit. */
async function rankedMembers(
  storage: Storage,
  order: RankingOrder,
  query: string | undefined,
  now: number,
): Promise<{ member: MemberStanding; rating: RankedRating }[]> {
  const found: { member: MemberStanding; rating: RankedRating }[] = [];
  for (let offset = 0; found.length < RANKING_LIMIT; offset += PAGE) {
    const { ranked, read } = await candidates(storage, order, offset, now);
    const standings = await storage.users.memberStandings(
      ranked.map((r) => r.userId),
      query,
    );
    const members = new Map(standings.map((m) => [m.id, m]));
    for (const rating of ranked) {
      const member = members.get(rating.userId);
      if (member) found.push({ member, rating });
    }
    if (read < PAGE) break;
  }
  return found.slice(0, RANKING_LIMIT);
}

/**
 * The debater ranking (U2, docs/wire-contract.md#shapes): members whose Glicko-2 rating is established (its
 * deviation below the provisional threshold, docs/ratings.md), best rating first, or with
 * `order=persuasion` the most persuasive first among those with a measured debate
 * (docs/persuasion.md); at most 100; `query` filters by a case-insensitive nickname substring.
 * Registered before the users' `/api/users/{id}` route.
 */
export function rankingRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { storage, config, guards } = deps;
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/followers',
      tags: ['토론자 랭킹'],
      summary: '토론자 랭킹 (레이팅 순 또는 설득력 순, 잠정 레이팅 제외)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { query: rankingQuery },
      responses: responses(200, z.array(rankedDebaterSchema), '랭킹'),
    }),
    async (c) => {
      const { query, order } = c.req.valid('query');
      const ranked = await rankedMembers(storage, order ?? 'rating', query || undefined, Date.now());
      const persuasion = await storage.swings.summaries(ranked.map((r) => r.member.id));
      const data = ranked.map(({ member, rating }) => ({
        userId: member.id,
        nickname: member.nickname,
        profile: profileImageUrl(config.publicUrl, member.profileUrl),
        introduction: member.introduction,
        totalFollowers: member.totalFollowers,
        totalFollowees: member.totalFollowees,
        wins: member.wins,
        draws: member.draws,
        losses: member.losses,
        rating: shownRating(rating.rating),
        ratingDeviation: shownRating(rating.deviation),
        persuasion: shownPersuasion(persuasion.get(member.id)),
      }));
      return c.json(okBody(data), 200);
    },
  );
  return app;
}
