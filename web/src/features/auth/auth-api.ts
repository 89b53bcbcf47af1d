import { z } from 'zod';
import { api } from '../../lib/api';
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

/** A3: true when the server answers 201 (the nickname is free); anything else counts as taken. */
export async function isNicknameAvailable(nickname: string): Promise<boolean> {
  try {
    await api('/api/auth/nickname-confirm', {
      method: 'POST',
      json: { nickname },
      expectStatus: 201,
      logoutOn401: false,
    });
    return true;
  } catch {
    return false;
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
