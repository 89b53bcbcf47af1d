import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userAllowance } from '../http/rate-limit.js';
import { followNotification } from '../notifications/follow-notice.js';
import { profileImageUrl } from './default-avatar.js';
import { followeeSchema, followerSchema, userIdParam } from './schemas.js';

const tags = ['팔로우'];
const pairParams = z.object({ targetId: userIdParam, myId: userIdParam });
const idParams = z.object({ id: userIdParam });

/** Followers and followees (U8, U9), follow and unfollow (U10, U11). */
export function followRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, storage, config } = deps;
  const { notifier } = deps.notifications;
  const app = createRouter();
  // Follow and unfollow share one allowance: a follow/unfollow loop is what floods a member.
  const admitFollowChange = userAllowance(
    deps.rateLimiter('follow', config.rateLimits.follow),
    'FOLLOW_RATE_LIMITED',
    '팔로우를 너무 자주 바꾸고 있습니다. 잠시 후 다시 시도해주세요.',
  );
  const mustExist = async (id: number) => {
    if (!(await storage.users.findById(id))) throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
  };
  const checkPair = async (me: number, targetId: number, myId: number) => {
    assertSelf(me, myId);
    if (targetId === myId) throw new ApiError(400, 'SELF_FOLLOW', '자기 자신은 팔로우할 수 없습니다.');
    await mustExist(targetId);
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/mypage/{id}/followers',
      tags,
      summary: '팔로워 목록',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: idParams },
      responses: responses(200, z.array(followerSchema), '팔로워'),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await mustExist(id);
      const me = c.get('user').id;
      // The web app reads "do I follow?" from the last entry only (docs/wire-contract.md#users): put the viewer last.
      const people = (await storage.follows.list(id, 'followers')).sort(
        (a, b) => Number(a.id === me) - Number(b.id === me),
      );
      const data = people.map((p) => ({
        followerId: p.id,
        nickname: p.nickname,
        profile: profileImageUrl(config.publicUrl, p.profileUrl),
        introduction: p.introduction,
      }));
      return c.json(okBody(data), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/mypage/{id}/followees',
      tags,
      summary: '팔로잉 목록',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: idParams },
      responses: responses(200, z.array(followeeSchema), '팔로잉'),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      await mustExist(id);
      const data = (await storage.follows.list(id, 'followees')).map((p) => ({
        followeeId: p.id,
        nickname: p.nickname,
        profile: profileImageUrl(config.publicUrl, p.profileUrl),
        introduction: p.introduction,
      }));
      return c.json(okBody(data), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/users/mypage/{targetId}/{myId}/insertfollowers',
      tags,
      summary: '팔로우 (멱등)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: pairParams },
      responses: responses(201, z.object({ following: z.literal(true) }), '팔로우 중'),
    }),
    async (c) => {
      const { targetId, myId } = c.req.valid('param');
      await checkPair(c.get('user').id, targetId, myId);
      await admitFollowChange(myId);
      const follow = { followerId: myId, followeeId: targetId, at: new Date() };
      // The notification commits with the follow (a crash cannot keep one without the other) and
      // goes out once committed.
      const stored = await storage.transaction(async (tx) => {
        if (!(await tx.follows.add(myId, targetId))) return null;
        const notice = await followNotification(tx, follow);
        return notifier.store(tx, notice ? [notice] : []);
      });
      stored?.forEach((row) => notifier.deliver(row));
      if (stored) deps.events.emit('follow', follow);
      return c.json(okBody({ following: true as const }), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api/users/mypage/{targetId}/{myId}/deletefollowers',
      tags,
      summary: '팔로우 취소 (멱등)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: { params: pairParams },
      responses: responses(200, z.object({ following: z.literal(false) }), '팔로우 안 함'),
    }),
    async (c) => {
      const { targetId, myId } = c.req.valid('param');
      await checkPair(c.get('user').id, targetId, myId);
      await admitFollowChange(myId);
      await storage.follows.remove(myId, targetId);
      return c.json(okBody({ following: false as const }), 200);
    },
  );

  return app;
}
