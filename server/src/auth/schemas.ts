import { z } from '@hono/zod-openapi';
import { roles } from '../users/roles.js';

const providerSchema = z.enum(['google', 'kakao']);

export const callbackQuery = z.object({
  code: z.string().min(1).max(4096),
  provider: providerSchema,
  /** The PKCE verifier of this sign-in (RFC 7636), when the client started it with a challenge. */
  codeVerifier: z
    .string()
    .regex(/^[A-Za-z0-9\-._~]{43,128}$/)
    .optional()
    .openapi({ description: '로그인을 시작할 때 만든 PKCE code_verifier (보낸 code_challenge가 있을 때)' }),
});

export const loginResultSchema = z
  .object({
    userId: z.number().int(),
    accessToken: z.string(),
    refreshToken: z.string(),
    nickname: z.string(),
    imgUrl: z.string().nullable(),
    role: z.enum(roles),
  })
  .openapi('LoginResult');

export const tokenPairSchema = z.object({ accessToken: z.string(), refreshToken: z.string() }).openapi('TokenPair');

export const reissueBody = z.object({ refreshToken: z.string().min(1).max(512) }).openapi('ReissueRequest');

// Lengths are bounded loosely here; the nickname rules give the precise Korean refusal.
export const nicknameBody = z.object({ nickname: z.string().max(200) }).openapi('NicknameConfirmRequest');

export const signupBody = z
  .object({ nickname: z.string().max(200), introduction: z.string().max(200).default('') })
  .openapi('SignupRequest');

const providerLink = z.object({ authorizeUrl: z.string(), redirectUri: z.string() });

export const providersSchema = z
  .object({ demo: z.boolean(), google: providerLink, kakao: providerLink })
  .openapi('LoginProviders');
