import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { userPersuasionSchema } from '@toron/engine';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userIdParam } from '../users/schemas.js';
import { shownPersuasion } from './shown.js';

/** A member's 설득력 (docs/persuasion.md), for the user page. */
export function persuasionRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { storage, guards } = deps;
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/persuasion/users/{id}',
      tags: ['설득력'],
      summary: '사용자의 설득력: 측정된 토론에서 자기 편이 얻은 %p의 평균',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: z.object({ id: userIdParam }) },
      responses: responses(200, userPersuasionSchema, '설득력'),
    }),
    async (c) => {
      const userId = c.req.valid('param').id;
      if (!(await storage.users.findById(userId)))
        throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
      const summary = (await storage.swings.summaries([userId])).get(userId);
      return c.json(okBody({ userId, persuasion: shownPersuasion(summary) }), 200);
    },
  );
  return app;
}
