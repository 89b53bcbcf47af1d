import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { createRouter, responses } from '../http/openapi.js';

const healthSchema = z.object({ status: z.literal('ok'), uptimeSec: z.number() }).openapi('Health');

/** GET /healthz: the process is up and the database answers. */
export function healthRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      tags: ['운영'],
      summary: '상태 확인',
      responses: responses(200, healthSchema, '정상'),
    }),
    async (c) => {
      await deps.storage.ping();
      return c.json(okBody({ status: 'ok' as const, uptimeSec: Math.round(process.uptime()) }), 200);
    },
  );
  return app;
}
