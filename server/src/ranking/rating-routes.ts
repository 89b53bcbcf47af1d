import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { isoString, roomRatingChangeSchema, userRatingSchema } from '@toron/engine';
import { roomNotFound } from '../debates/refusals.js';
import { roomIdParams } from '../debates/schemas.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userIdParam } from '../users/schemas.js';
import { standingAt } from './debate-rating.js';
import { isProvisional, shownChange, shownRating } from './glicko.js';

/** Points of rating history answered (the most recent ones). */
const HISTORY_LIMIT = 100;

const tags = ['레이팅'];
const OUTCOME = { win: 'WIN', draw: 'DRAW', loss: 'LOSS' } as const;

/** Ratings as the product shows them: a member's rating and history, and what one debate changed. */
export function ratingRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { storage, guards } = deps;
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ratings/users/{id}',
      tags,
      summary: '사용자의 레이팅과 최근 레이팅 변화 (최대 100개, 오래된 순)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: z.object({ id: userIdParam }) },
      responses: responses(200, userRatingSchema, '레이팅'),
    }),
    async (c) => {
      const userId = c.req.valid('param').id;
      if (!(await storage.users.findById(userId)))
        throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
      const stored = (await storage.ratings.standingsOf([userId])).get(userId)!;
      const standing = standingAt(stored, Date.now());
      const points = await storage.ratings.history(userId, HISTORY_LIMIT);
      const titles = await storage.rooms.titles(points.map((p) => p.roomId));
      return c.json(
        okBody({
          userId,
          rating: shownRating(standing.rating),
          ratingDeviation: shownRating(standing.deviation),
          provisional: isProvisional(standing),
          ratedDebates: standing.games,
          history: points.map((p) => ({
            roomId: p.roomId,
            title: titles.get(p.roomId) ?? '',
            ratedAt: isoString(p.at),
            outcome: OUTCOME[p.outcome],
            rating: shownRating(p.rating),
            change: shownChange(p.ratingBefore, p.rating),
          })),
        }),
        200,
      );
    },
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/ratings/rooms/{roomId}',
      tags,
      summary: '한 토론이 토론자들의 레이팅을 바꾼 만큼 (결과가 없으면 빈 배열)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: roomIdParams },
      responses: responses(200, z.array(roomRatingChangeSchema), '레이팅 변화'),
    }),
    async (c) => {
      const { roomId } = c.req.valid('param');
      if (!(await storage.rooms.find(roomId))) throw roomNotFound();
      const data = (await storage.ratings.roomChanges(roomId)).map((row) => ({
        userId: row.userId,
        side: row.side,
        outcome: OUTCOME[row.outcome],
        ratingBefore: shownRating(row.ratingBefore),
        rating: shownRating(row.rating),
        change: shownChange(row.ratingBefore, row.rating),
        provisional: isProvisional(row),
      }));
      return c.json(okBody(data), 200);
    },
  );
  return app;
}
