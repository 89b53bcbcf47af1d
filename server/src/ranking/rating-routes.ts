import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { isoString, roomRatingChangeSchema, userRatingSchema } from '@toron/engine';
import { roomNotFound } from '../debates/refusals.js';
import { findRoom, roomTitles } from '../debates/room-store.js';
import { roomIdParams } from '../debates/schemas.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userIdParam } from '../users/schemas.js';
import { findUserById } from '../users/store.js';
import { isProvisional, shownChange, shownRating } from './glicko.js';
import { ratingHistory, roomRatingChanges, standingsOf } from './store.js';

/** Points of rating history answered (the most recent ones). */
const HISTORY_LIMIT = 100;

const tags = ['레이팅'];
const OUTCOME = { win: 'WIN', draw: 'DRAW', loss: 'LOSS' } as const;

/** Ratings as the product shows them: a member's rating and history, and what one debate changed. */
export function ratingRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { db, guards } = deps;
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
    (c) => {
      const userId = c.req.valid('param').id;
      if (!findUserById(db, userId)) throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
      const standing = standingsOf(db, [userId]).get(userId)!;
      const points = ratingHistory(db, userId, HISTORY_LIMIT);
      const titles = roomTitles(
        db,
        points.map((p) => p.roomId),
      );
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
    (c) => {
      const { roomId } = c.req.valid('param');
      if (!findRoom(db, roomId)) throw roomNotFound();
      const data = roomRatingChanges(db, roomId).map((row) => ({
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
