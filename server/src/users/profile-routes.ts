import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { storeProfileImage } from './image.js';
import { acceptIntroduction, acceptNickname } from './nickname.js';
import { admitNicknameLookup } from './nickname-limit.js';
import { getUserView, saveProfile } from './profile.js';
import { userIdParam, userSchema } from './schemas.js';
import { findUserById, type ProfileChange } from './store.js';

const tags = ['사용자'];

const profileForm = z
  .object({
    file: z
      .custom<File>((v) => v instanceof File, { message: '이미지 파일이 아닙니다.' })
      .optional()
      .openapi({ type: 'string', format: 'binary' }),
    nickname: z.string().max(200).optional(),
    introduction: z.string().max(200).optional(),
  })
  .openapi('ProfileUpdateForm');

/** Own profile (A5), public profiles (U1) and profile editing (U3). */
export function profileRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, config } = deps;
  const app = createRouter();

  // Registered before /api/users/{id} so "userInfo" is never read as an id.
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/userInfo',
      tags,
      summary: '내 정보 (게스트 포함)',
      security: bearerSecurity,
      middleware: [guards.signedIn] as const,
      responses: responses(200, userSchema, '내 정보'),
    }),
    (c) => c.json(okBody(getUserView(deps, c.get('user').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/{id}',
      tags,
      summary: '사용자 공개 프로필',
      security: bearerSecurity,
      middleware: [guards.signedIn] as const,
      request: { params: z.object({ id: userIdParam }) },
      responses: responses(200, userSchema, '공개 프로필'),
    }),
    (c) => c.json(okBody(getUserView(deps, c.req.valid('param').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/api/users/mypage/{id}',
      tags,
      summary: '프로필 수정 (바뀐 항목만)',
      security: bearerSecurity,
      middleware: [guards.member] as const,
      request: {
        params: z.object({ id: userIdParam }),
        body: { required: true, content: { 'multipart/form-data': { schema: profileForm } } },
      },
      responses: responses(200, userSchema, '수정된 프로필'),
    }),
    async (c) => {
      const user = c.get('user');
      const { id } = c.req.valid('param');
      assertSelf(user.id, id);
      const form = c.req.valid('form');
      const change: ProfileChange = {};
      if (form.nickname !== undefined) {
        await admitNicknameLookup(deps, user.id);
        change.nickname = acceptNickname(deps.db, form.nickname, user.id);
      }
      if (form.introduction !== undefined) change.introduction = acceptIntroduction(form.introduction);
      const previous = findUserById(deps.db, id)?.profileUrl ?? null;
      if (form.file !== undefined && form.file.size > 0) {
        change.profileUrl = await storeProfileImage(form.file, deps.uploadsDir, config.uploadLimitBytes);
      }
      const view = Object.keys(change).length > 0 ? saveProfile(deps, id, change) : getUserView(deps, id);
      if (change.profileUrl && previous?.startsWith('/uploads/')) {
        // The replaced upload is no longer referenced by anyone.
        await unlink(path.join(deps.uploadsDir, path.basename(previous))).catch(() => undefined);
      }
      return c.json(okBody(view), 200);
    },
  );

  return app;
}
