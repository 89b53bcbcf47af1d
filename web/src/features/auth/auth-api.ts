import { z } from 'zod';
import { api, ApiError } from '../../lib/api';
import { queryKeys, queryOptions } from '../../lib/server-data';
import type { SignedInUser } from '../../lib/session';

export type Provider = 'google' | 'kakao';

const providersSchema = z.object({
  google: z.object({ authorizeUrl: z.string().min(1) }),
  kakao: z.object({ authorizeUrl: z.string().min(1) }),
});

export type ProviderLinks = Record<Provider, string>;

/** The authorize URLs the server built (its demo provider when that is on). */
export const providerLinksQuery = () =>
  queryOptions({
    queryKey: queryKeys.signInProviders(),
    queryFn: async (): Promise<ProviderLinks> => {
      const data = await api('/api/auth/providers', { schema: providersSchema, auth: false });
      return { google: data.google.authorizeUrl, kakao: data.kakao.authorizeUrl };
    },
  });

const loginSchema = z.object({
  userId: z.number().nullish(),
  accessToken: z.string(),
  refreshToken: z.string(),
  nickname: z.string(),
  imgUrl: z.string().nullish(),
  role: z.string(),
});

/** A1: exchanges the provider's code with the sign-in's PKCE verifier; null when the answer carries no user id. */
export async function exchangeCode(
  code: string,
  provider: Provider,
  codeVerifier: string,
): Promise<SignedInUser | null> {
  const data = await api('/login/oauth2/callback', {
    method: 'POST',
    query: { code, provider, codeVerifier },
    schema: loginSchema,
    auth: false,
    logoutOn401: false,
  });
  if (!data.userId) return null;
  return { ...data, userId: data.userId, imgUrl: data.imgUrl ?? null };
}

/**
 * The refusal for a nickname that cannot be used, also when the server cannot be asked
 * (docs/product-rules.md#sign-in-and-session).
 */
export const NICKNAME_TAKEN = '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.';

/**
 * A3: null when the server answers 201 (the nickname is free), else why not: the server's own Korean
 * message for a refusal (a duplicate, invisible characters, mixed scripts, staff names, too many checks),
 * the duplicate text when the server could not be asked.
 */
export async function nicknameRefusal(nickname: string): Promise<string | null> {
  try {
    await api('/api/auth/nickname-confirm', {
      method: 'POST',
      json: { nickname },
      expectStatus: 201,
      logoutOn401: false,
    });
    return null;
  } catch (error) {
    const explained = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
    return explained ? error.message : NICKNAME_TAKEN;
  }
}

/** A4: finishes sign-up (201 required). */
export async function completeSignup(nickname: string, introduction: string): Promise<void> {
  await api('/api/auth/signup', {
    method: 'POST',
    json: { nickname, introduction },
    expectStatus: 201,
    logoutOn401: false,
  });
}
