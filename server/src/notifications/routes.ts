import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userIdParam } from '../users/schemas.js';
import { idParam, notificationListSchema, pageQuery, tokenBodySchema, tokenStateSchema } from './schemas.js';
import { readSubscription } from './subscription-input.js';
import { springPage, toNotificationView } from './view.js';

const tags = ['알림'];
const NOTIFICATION_PAGE_SIZE = 10;
const done = z.object({ done: z.literal(true) });
const json = (schema: typeof tokenBodySchema) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
// Someone else's notification answers exactly like a missing one: nothing is revealed.
const notFound = () => new ApiError(404, 'NOTIFICATION_NOT_FOUND', '알림을 찾을 수 없습니다.');

/** F1–F7: the in-app list (owner only), read/remove, and the browser's push subscription. */
export function notificationRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, notifications } = deps;
  const { notifications: stored, pushSubscriptions } = deps.storage;
  const app = createRouter();
  const route = <R extends Parameters<typeof createRoute>[0]>(r: R) =>
    createRoute({ ...r, tags, security: bearerSecurity, middleware: [guards.signedIn] as const });

  // Literal paths first: /vapidPublicKey must not be read as a user id.
  app.openapi(
    route({
      method: 'get',
      path: '/api/notifications/vapidPublicKey',
      summary: '푸시 구독용 VAPID 공개 키',
      responses: responses(200, z.object({ publicKey: z.string() }), 'VAPID 공개 키'),
    }),
    (c) => c.json(okBody({ publicKey: notifications.vapidPublicKey }), 200),
  );

  app.openapi(
    route({
      method: 'post',
      path: '/api/notifications/saveToken',
      summary: '푸시 구독 저장',
      request: json(tokenBodySchema),
      responses: responses(200, done, '저장됨'),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const me = c.get('user').id;
      assertSelf(me, body.userId);
      await pushSubscriptions.save(
        me,
        readSubscription(body, notifications.testAllowHosts),
        body.isAllow ?? true,
        new Date(),
        deps.config.push.subscriptionsPerUser,
      );
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  app.openapi(
    route({
      method: 'post',
      path: '/api/notifications/checkToken',
      summary: '푸시 구독 확인',
      request: json(tokenBodySchema),
      responses: responses(200, tokenStateSchema, '구독 상태'),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const me = c.get('user').id;
      assertSelf(me, body.userId);
      const row = await pushSubscriptions.find(me, readSubscription(body, notifications.testAllowHosts).endpoint);
      return c.json(okBody({ isExist: row !== undefined, isAllow: row?.allowed ?? false }), 200);
    },
  );

  app.openapi(
    route({
      method: 'delete',
      path: '/api/notifications/removeToken',
      summary: '푸시 구독 삭제',
      request: json(tokenBodySchema),
      responses: responses(200, done, '삭제됨'),
    }),
    async (c) => {
      const body = c.req.valid('json');
      const me = c.get('user').id;
      assertSelf(me, body.userId);
      await pushSubscriptions.remove(readSubscription(body, notifications.testAllowHosts).endpoint, me);
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  app.openapi(
    route({
      method: 'get',
      path: '/api/notifications/{userId}',
      summary: '알림 목록 (10개씩, 최신순)',
      request: { params: z.object({ userId: userIdParam }), query: pageQuery },
      responses: responses(200, notificationListSchema, '알림 목록'),
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      assertSelf(c.get('user').id, userId);
      const pageIndex = c.req.valid('query').page - 1;
      const { rows, total } = await stored.page(userId, pageIndex, NOTIFICATION_PAGE_SIZE);
      const data = {
        unreadCount: await stored.countUnread(userId),
        notifications: springPage(rows.map(toNotificationView), pageIndex, NOTIFICATION_PAGE_SIZE, total),
      };
      return c.json(okBody(data), 200);
    },
  );

  app.openapi(
    route({
      method: 'put',
      path: '/api/notifications/{id}/read',
      summary: '알림 읽음',
      request: { params: z.object({ id: idParam }) },
      responses: responses(200, done, '읽음'),
    }),
    async (c) => {
      if (!(await stored.markRead(c.req.valid('param').id, c.get('user').id, new Date()))) throw notFound();
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  app.openapi(
    route({
      method: 'put',
      path: '/api/notifications/{userId}/readAll',
      summary: '모두 읽음',
      request: { params: z.object({ userId: userIdParam }) },
      responses: responses(200, done, '모두 읽음'),
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      assertSelf(c.get('user').id, userId);
      await stored.markAllRead(userId, new Date());
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  app.openapi(
    route({
      method: 'delete',
      path: '/api/notifications/{id}/remove',
      summary: '알림 삭제',
      request: { params: z.object({ id: idParam }) },
      responses: responses(200, done, '삭제됨'),
    }),
    async (c) => {
      if (!(await stored.remove(c.req.valid('param').id, c.get('user').id))) throw notFound();
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  app.openapi(
    route({
      method: 'delete',
      path: '/api/notifications/{userId}/removeAll',
      summary: '모두 삭제',
      request: { params: z.object({ userId: userIdParam }) },
      responses: responses(200, done, '모두 삭제됨'),
    }),
    async (c) => {
      const { userId } = c.req.valid('param');
      assertSelf(c.get('user').id, userId);
      await stored.removeAll(userId);
      return c.json(okBody({ done: true as const }), 200);
    },
  );

  return app;
}
