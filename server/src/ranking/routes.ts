import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { profileImageUrl } from '../users/default-avatar.js';
import { listMemberStandings } from '../users/members-store.js';
import { ratingsOf } from './store.js';

/** Longest ranking answered. */
export const RANKING_LIMIT = 100;

const debaterSchema = z
  .object({
    userId: z.number().int(),
    nickname: z.string(),
    profile: z.string(),
    introduction: z.string().nullable(),
    totalFollowers: z.number().int(),
    totalFollowees: z.number().int(),
    wins: z.number().int(),
    draws: z.number().int(),
    losses: z.number().int(),
  })
  .openapi('Debater');

const rankingQuery = z.object({ query: z.string().trim().max(30).optional() });

/**
 * The debater ranking (U2, wire-contract §2.8): members only, best Elo rating first (see
 * rating.ts), then most wins, then the earliest account; at most 100; `query` filters by a
 * case-insensitive nickname substring. Registered before the users' `/api/users/{id}` route.
 */
export function rankingRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { db, config, guards } = deps;
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/followers',
      tags: ['토론자 랭킹'],
      summary: '토론자 랭킹 (레이팅 순)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { query: rankingQuery },
      responses: responses(200, z.array(debaterSchema), '랭킹'),
    }),
    (c) => {
      const standings = listMemberStandings(db, c.req.valid('query').query || undefined);
      const ratings = ratingsOf(
        db,
        standings.map((s) => s.id),
      );
      const rating = (id: number) => ratings.get(id) ?? 0;
      const data = standings
        .sort((a, b) => rating(b.id) - rating(a.id) || b.wins - a.wins || a.id - b.id)
        .slice(0, RANKING_LIMIT)
        .map((s) => ({
          userId: s.id,
          nickname: s.nickname,
          profile: profileImageUrl(config.publicUrl, s.profileUrl),
          introduction: s.introduction,
          totalFollowers: s.totalFollowers,
          totalFollowees: s.totalFollowees,
          wins: s.wins,
          draws: s.draws,
          losses: s.losses,
        }));
      return c.json(okBody(data), 200);
    },
  );
  return app;
}
