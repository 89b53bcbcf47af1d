import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { providers, type Provider } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError, okBody } from '../http/envelope.js';
import { bearerSecurity, createRouter, responses } from '../http/openapi.js';
import { clientAddress, limitRequests } from '../http/rate-limit.js';
import { acceptIntroduction, acceptNickname, chooserOf } from '../users/nickname.js';
import { admitNicknameLookup } from '../users/nickname-limit.js';
import { completeSignUp } from '../users/profile.js';
import { userSchema } from '../users/schemas.js';
import { redirectUriFor, signInWithCode } from './login.js';
import * as s from './schemas.js';
import { rotateSession } from './sessions.js';
import { z } from '@hono/zod-openapi';

const tags = ['인증'];

/** Sign-in, sign-up and session routes (A1–A4, docs/wire-contract.md#accounts). */
export function authRoutes(deps: AppDeps): OpenAPIHono<AppEnv> {
  const { guards, config } = deps;
  const app = createRouter();
  const signInLimit = limitRequests(
    deps.rateLimiter('sign-in', config.rateLimits.signIn),
    (c) => `ip:${clientAddress(c, config.trustProxy)}`,
    'SIGN_IN_RATE_LIMITED',
    '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.',
  );
  const nicknameLimit = createMiddleware<AppEnv>(async (c, next) => {
    await admitNicknameLookup(deps, c.get('user').id);
    await next();
  });

  const authorizeUrl = (p: Provider): string => {
    const cfg = config.oauth[p];
    const url = new URL(cfg.authorizeUrl);
    url.searchParams.set('client_id', cfg.clientId);
    url.searchParams.set('redirect_uri', redirectUriFor(config.webOrigin, p));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', cfg.scopes.join(p === 'google' ? ' ' : ','));
    return url.toString();
  };
  const links = Object.fromEntries(
    providers.map((p) => [p, { authorizeUrl: authorizeUrl(p), redirectUri: redirectUriFor(config.webOrigin, p) }]),
  ) as Record<Provider, { authorizeUrl: string; redirectUri: string }>;

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/auth/providers',
      tags,
      summary: '로그인 버튼용 인가 URL',
      responses: responses(200, s.providersSchema, '제공자별 인가 URL'),
    }),
    (c) => c.json(okBody({ demo: config.demoOAuth, ...links }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/login/oauth2/callback',
      tags,
      summary: '소셜 로그인 콜백 (인가 코드 교환)',
      middleware: [signInLimit] as const,
      request: { query: s.callbackQuery },
      responses: responses(201, s.loginResultSchema, '로그인 성공'),
    }),
    async (c) => {
      const { code, provider, codeVerifier } = c.req.valid('query');
      return c.json(okBody(await signInWithCode(deps, provider, code, codeVerifier)), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/reissue',
      tags,
      summary: '토큰 재발급 (리프레시 토큰 회전)',
      request: { body: { required: true, content: { 'application/json': { schema: s.reissueBody } } } },
      responses: responses(201, s.tokenPairSchema, '새 토큰 쌍'),
    }),
    async (c) => c.json(okBody(await rotateSession(deps.sessions, c.req.valid('json').refreshToken)), 201),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/nickname-confirm',
      tags,
      summary: '닉네임 사용 가능 여부',
      security: bearerSecurity,
      middleware: [guards.signedIn, nicknameLimit] as const,
      request: { body: { required: true, content: { 'application/json': { schema: s.nicknameBody } } } },
      responses: responses(201, z.object({ nickname: z.string() }), '사용 가능한 닉네임'),
    }),
    async (c) =>
      c.json(
        okBody({
          nickname: await acceptNickname(deps.storage.users, c.req.valid('json').nickname, chooserOf(c.get('user'))),
        }),
        201,
      ),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/auth/signup',
      tags,
      summary: '회원가입 완료 (게스트 → 회원)',
      security: bearerSecurity,
      middleware: [guards.signedIn] as const,
      request: { body: { required: true, content: { 'application/json': { schema: s.signupBody } } } },
      responses: responses(201, userSchema, '가입 완료'),
    }),
    async (c) => {
      const user = c.get('user');
      const alreadyMember = () => new ApiError(400, 'ALREADY_SIGNED_UP', '이미 회원가입을 완료한 사용자입니다.');
      if (user.role !== 'ROLE_GUEST') throw alreadyMember();
      const body = c.req.valid('json');
      const nickname = await acceptNickname(deps.storage.users, body.nickname, chooserOf(user));
      const introduction = acceptIntroduction(body.introduction);
      const saved = await completeSignUp(deps, user.id, { nickname, introduction });
      if (!saved) throw alreadyMember();
      deps.logger.info({ userId: user.id }, 'signed up');
      return c.json(okBody(saved), 201);
    },
  );

  return app;
}
