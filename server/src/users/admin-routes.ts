import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { acceptNickname } from './nickname.js';
import { nicknameCollisions } from './nickname-collisions.js';
import { saveProfile } from './profile.js';
import { profileImageUrl } from './default-avatar.js';
import { userIdParam, userSchema } from './schemas.js';
import { roles } from './roles.js';

const tags = ['회원 관리'];

const collisionSchema = z
  .object({
    users: z.array(
      z.object({ id: z.number().int(), nickname: z.string(), role: z.enum(roles), profileUrl: z.string() }),
    ),
  })
  .openapi('NicknameCollision');

const renameBody = z.object({ nickname: z.string().max(200) }).openapi('StaffRename');

/**
 * Staff tools for nicknames: the groups of look-alike nicknames stored before the confusable check
 * (never renamed silently: staff decide), and renaming a user under the same rules members follow.
 */
export function nicknameAdminRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { storage, guards, config } = deps;
  const app = createRouter();
  const staff = { tags, security: bearerSecurity };

  app.openapi(
    createRoute({
      ...staff,
      method: 'get',
      path: '/api/admin/nickname-collisions',
      middleware: [guards.admin] as const,
      summary: '서로 비슷해 보이는 기존 닉네임 목록',
      responses: responses(200, z.object({ collisions: z.array(collisionSchema) }), '비슷한 닉네임 묶음'),
    }),
    async (c) => {
      const collisions = (await nicknameCollisions(storage)).map((group) => ({
        users: group.map((u) => ({ ...u, profileUrl: profileImageUrl(config.publicUrl, u.profileUrl) })),
      }));
      return c.json(okBody({ collisions }), 200);
    },
  );

  app.openapi(
    createRoute({
      ...staff,
      method: 'put',
      path: '/api/admin/users/{id}/nickname',
      middleware: [guards.admin] as const,
      summary: '회원 닉네임 변경 (운영자)',
      request: {
        params: z.object({ id: userIdParam }),
        body: { required: true, content: { 'application/json': { schema: renameBody } } },
      },
      responses: responses(200, userSchema, '변경된 프로필'),
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const target = await storage.users.findById(id);
      if (!target) throw new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');
      const nickname = await acceptNickname(storage.users, c.req.valid('json').nickname, {
        selfId: id,
        staff: target.role === 'ROLE_ADMIN',
      });
      const view = await saveProfile(deps, id, { nickname });
      deps.logger.info({ staffId: c.get('user').id, userId: id, from: target.nickname, to: nickname }, 'staff renamed');
      return c.json(okBody(view), 200);
    },
  );

  return app;
}
