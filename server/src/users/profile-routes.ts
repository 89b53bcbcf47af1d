import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AppDeps } from '../deps.js';
import { assertSelf } from '../http/auth.js';
import type { AppEnv } from '../http/context.js';
import { okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { userAllowance } from '../http/rate-limit.js';
import { discardProfileImage, storeProfileImage } from './image.js';
import { acceptIntroduction, acceptNickname, chooserOf } from './nickname.js';
import { admitNicknameLookup } from './nickname-limit.js';
import { getUserView, saveProfileReplacing } from './profile.js';
import { userIdParam, userSchema } from './schemas.js';
import type { ProfileChange } from './store.js';

const tags = ['사용자'];

const profileForm = z
  .object({
    file: z
      .custom<File>((v) => v instanceof File, { message: '이미지 파일이 아닙니다.' })
      .optional()
      .openapi({ type: 'string', format: 'binary' }),
    nickname: z.string().max(200).optional(),
    introduction: z.string().max(200).optional(),
    /** "true" keeps the saved and liked news lists private, "false" shows them to every member. */
    newsListsPrivate: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
  })
  .openapi('ProfileUpdateForm');

/** Own profile (A5), public profiles (U1) and profile editing (U3, including the news lists' privacy). */
export function profileRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, config } = deps;
  const app = createRouter();
  // Every picture is decoded and re-encoded: that work is what this allowance bounds.
  const admitUpload = userAllowance(
    deps.rateLimiter('upload', config.rateLimits.upload),
    'UPLOAD_RATE_LIMITED',
    '프로필 사진을 너무 자주 바꾸고 있습니다. 잠시 후 다시 시도해주세요.',
  );

  // Registered before /api/users/{id} so "userInfo" and "staff" are never read as an id.
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
    async (c) => c.json(okBody(await getUserView(deps, c.get('user').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/users/staff',
      tags,
      summary: '운영자 계정 id 목록 (운영자 표시용)',
      security: bearerSecurity,
      middleware: [guards.signedIn] as const,
      responses: responses(200, z.object({ staffIds: z.array(z.number().int()) }), '운영자 id'),
    }),
    async (c) => c.json(okBody({ staffIds: await deps.storage.users.staffIds() }), 200),
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
    async (c) => c.json(okBody(await getUserView(deps, c.req.valid('param').id)), 200),
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
        change.nickname = await acceptNickname(deps.storage.users, form.nickname, chooserOf(user));
      }
      if (form.introduction !== undefined) change.introduction = acceptIntroduction(form.introduction);
      if (form.newsListsPrivate !== undefined) change.newsListsPrivate = form.newsListsPrivate;
      if (form.file !== undefined && form.file.size > 0) {
        await admitUpload(user.id);
        change.profileUrl = await storeProfileImage(form.file, deps.storage.images, config.uploadLimitBytes);
      }
      if (Object.keys(change).length === 0) return c.json(okBody(await getUserView(deps, id)), 200);
      let saved: Awaited<ReturnType<typeof saveProfileReplacing>>;
      try {
        saved = await saveProfileReplacing(deps, id, change);
      } catch (err) {
        await discardProfileImage(deps.storage.images, change.profileUrl ?? null); // stored for a save that failed
        throw err;
      }
      // The replaced picture is referenced by no one now (each of several racing edits removes the one it replaced).
      if (change.profileUrl) await discardProfileImage(deps.storage.images, saved.previousProfileUrl);
      return c.json(okBody(saved.view), 200);
    },
  );

  return app;
}
