import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { rankedDebaterSchema } from '@toron/engine';
import type { Db } from '../db/client.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { profileImageUrl } from '../users/default-avatar.js';
import { listMemberStandings, type MemberStanding } from '../users/members-store.js';
import { shownRating } from './glicko.js';
import { rankedRatings, type RankedRating } from './store.js';

/** Longest ranking answered. */
export const RANKING_LIMIT = 100;
/** Ranked ratings read per step while looking for members that match. */
const PAGE = 200;

const rankingQuery = z.object({ query: z.string().trim().max(30).optional() });

/** Ranked members (established ratings, best first) whose nickname matches `query`, at most the limit. */
function rankedMembers(db: Db, query: string | undefined): { member: MemberStanding; rating: RankedRating }[] {
  const found: { member: MemberStanding; rating: RankedRating }[] = [];
  for (let offset = 0; found.length < RANKING_LIMIT; offset += PAGE) {
    const page = rankedRatings(db, offset, PAGE);
    const members = new Map(
      listMemberStandings(
        db,
        page.map((r) => r.userId),
        query,
      ).map((m) => [m.id, m]),
    );
    for (const rating of page) {
      const member = members.get(rating.userId);
      if (member) found.push({ member, rating });
    }
    if (page.length < PAGE) break;
  }
  return found.slice(0, RANKING_LIMIT);
}

/**
 * The debater ranking (U2, wire-contract §2.8): members whose Glicko-2 rating is established (its
 * deviation below the provisional threshold, docs/ratings.md), best rating first; at most 100;
 * `query` filters by a case-insensitive nickname substring. Registered before the users'
 * `/api/users/{id}` route.
 */
export function rankingRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { db, config, guards } = deps;
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/followers',
      tags: ['토론자 랭킹'],
      summary: '토론자 랭킹 (레이팅 순, 잠정 레이팅 제외)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { query: rankingQuery },
      responses: responses(200, z.array(rankedDebaterSchema), '랭킹'),
    }),
    (c) => {
      const data = rankedMembers(db, c.req.valid('query').query || undefined).map(({ member, rating }) => ({
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
      }));
      return c.json(okBody(data), 200);
    },
  );
  return app;
}
