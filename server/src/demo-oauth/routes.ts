import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bearerToken } from '../auth/access-token.js';
import { redirectUriFor } from '../auth/login.js';
import type { Provider } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { clientAddress, type RateLimiter } from '../http/rate-limit.js';
import type { DemoUser } from '../seed/demo-users.js';
import { redisSpentCodes } from '../redis/spent-codes.js';
import { ACCESS_TTL_SEC, createGrantStore, memorySpentCodes } from './grants.js';
import { chooserPage, errorPage, PAGE_STYLE_SOURCE } from './page.js';

const providerParam = z.enum(['google', 'kakao']);
const keyPattern = /^[\p{L}\p{N}_.-]{1,40}$/u;

const authorizeQuery = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(2000),
  response_type: z.literal('code'),
  scope: z.string().max(500).optional(),
  state: z.string().max(500).optional(),
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  code_challenge_method: z.literal('S256').optional(),
  login_hint: z.string().max(200).optional(),
});

/** RFC 7636 S256: the challenge is the unpadded base64url SHA-256 of the verifier. */
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** PKCE: a grant with a challenge needs the verifier that hashes to it; one without takes no verifier. */
const verifiesChallenge = (challenge: string | null, verifier: string | undefined): boolean =>
  challenge === null ? verifier === undefined : verifier !== undefined && sameSecret(s256(verifier), challenge);

const oauthError = (c: Context, status: 400 | 401 | 429, error: string) => c.json({ error }, status);

/**
 * The built-in demo identity provider: Google- and Kakao-shaped authorize, token and
 * userinfo endpoints under /demo-oauth/{provider}/, so sign-in works with no real accounts, on
 * one node or several. Everything after the redirect is the production path.
 */
export function demoOAuthRoutes(deps: AppDeps, demoUsers: DemoUser[]): Hono<AppEnv> {
  const { config } = deps;
  // Sealed under the secret every node shares, spent where every node sees: any node takes any step.
  const grants = createGrantStore(deps.sessions.secret, deps.redis ? redisSpentCodes(deps.redis) : memorySpentCodes());
  const app = new Hono<AppEnv>();
  const csp = [
    "default-src 'none'",
    `style-src ${PAGE_STYLE_SOURCE}`,
    `form-action 'self' ${config.webOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const page = (c: Context, html: string, status: 200 | 400 | 429) =>
    c.html(html, status, {
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
  // Sign-in attempts per end client (RATE_LIMIT_SIGN_IN), counted on each endpoint apart.
  const authorizeLimiter = deps.rateLimiter('demo-authorize', config.rateLimits.signIn);
  const tokenLimiter = deps.rateLimiter('demo-token', config.rateLimits.signIn);
  const addressOf = (c: Context) => clientAddress(c, config.trustProxy);
  const over = async (limiter: RateLimiter, address: string) => !(await limiter.take(`ip:${address}`)).allowed;

  app.get('/demo-oauth/:provider/authorize', async (c) => {
    if (await over(authorizeLimiter, addressOf(c)))
      return page(c, errorPage('로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.'), 429);
    const provider = providerParam.safeParse(c.req.param('provider'));
    if (!provider.success) return page(c, errorPage('알 수 없는 로그인 제공자입니다.'), 400);
    const p: Provider = provider.data;
    const q = authorizeQuery.safeParse(c.req.query());
    if (!q.success) return page(c, errorPage('로그인 요청 형식이 올바르지 않습니다.'), 400);
    const { login_hint: hint, ...params } = q.data;
    // Only S256 (a plain challenge would be the verifier itself); a method without a challenge is malformed.
    if ((params.code_challenge === undefined) !== (params.code_challenge_method === undefined)) {
      return page(c, errorPage('code_challenge와 code_challenge_method(S256)는 함께 보내야 합니다.'), 400);
    }
    if (params.client_id !== config.oauth[p].clientId)
      return page(c, errorPage('등록되지 않은 클라이언트입니다.'), 400);
    if (params.redirect_uri !== redirectUriFor(config.webOrigin, p)) {
      return page(c, errorPage('허용되지 않은 redirect_uri입니다.'), 400);
    }
    if (hint === undefined) {
      const plain = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      return page(
        c,
        chooserPage(
          p,
          demoUsers.filter((u) => u.provider === p),
          plain,
        ),
        200,
      );
    }
    const key = hint.trim();
    if (!keyPattern.test(key)) return page(c, errorPage('키는 40자 이내의 글자, 숫자, _ . - 로만 입력해주세요.'), 400);
    const code = grants.issueCode({
      provider: p,
      subject: key,
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      endClient: addressOf(c),
      codeChallenge: params.code_challenge ?? null,
    });
    const target = new URL(params.redirect_uri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    return c.redirect(target.toString(), 302);
  });

  app.post('/demo-oauth/:provider/token', async (c) => {
    const provider = providerParam.safeParse(c.req.param('provider'));
    if (!provider.success) return oauthError(c, 400, 'invalid_request');
    const cfg = config.oauth[provider.data];
    const form: Record<string, unknown> = await c.req.parseBody().catch(() => ({}));
    const field = (k: string) => {
      const value = form[k];
      return typeof value === 'string' ? value : undefined;
    };
    // Google (via arctic) authenticates with HTTP Basic, Kakao with form fields.
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    const clientId = basicId ?? field('client_id');
    const clientSecret = basicSecret ?? field('client_secret');
    const authenticated = clientId === cfg.clientId && !!clientSecret && sameSecret(clientSecret, cfg.clientSecret);
    const grant = authenticated ? await grants.takeCode(field('code') ?? '').catch(() => undefined) : undefined;
    // Our own server is the caller of every exchange, so a real code counts against the browser
    // that obtained it; anything else against whoever sent it.
    if (await over(tokenLimiter, grant?.endClient ?? addressOf(c))) return oauthError(c, 429, 'slow_down');
    if (!authenticated) return oauthError(c, 401, 'invalid_client');
    if (field('grant_type') !== 'authorization_code') return oauthError(c, 400, 'unsupported_grant_type');
    if (
      !grant ||
      grant.provider !== provider.data ||
      grant.clientId !== clientId ||
      grant.redirectUri !== field('redirect_uri') ||
      !verifiesChallenge(grant.codeChallenge, field('code_verifier'))
    ) {
      return oauthError(c, 400, 'invalid_grant');
    }
    const accessToken = grants.issueToken(grant.provider, grant.subject);
    return c.json(
      { access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TTL_SEC, scope: cfg.scopes.join(' ') },
      200,
      { 'Cache-Control': 'no-store' },
    );
  });

  app.get('/demo-oauth/:provider/userinfo', (c) => {
    const provider = providerParam.safeParse(c.req.param('provider'));
    const token = bearerToken(c.req.header('Authorization'));
    const access = token ? grants.lookupToken(token) : undefined;
    if (!provider.success || !access || access.provider !== provider.data) return oauthError(c, 401, 'invalid_token');
    const known = demoUsers.find((u) => u.provider === access.provider && u.key === access.subject);
    const name = known?.nickname ?? access.subject;
    const picture = known ? `${config.publicUrl}/avatars/${known.key}.svg` : null;
    if (access.provider === 'google') return c.json({ sub: access.subject, name, ...(picture ? { picture } : {}) });
    return c.json({
      id: access.subject,
      kakao_account: { profile: { nickname: name, ...(picture ? { profile_image_url: picture } : {}) } },
    });
  });

  return app;
}
