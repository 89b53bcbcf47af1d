import { ArcticFetchError, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
// Kakao wants client_secret in the form body (client_secret_post), which arctic's generic
// client does not do and its Kakao class cannot point at another endpoint; these are the
// same helpers arctic's Kakao class uses (pinned arctic 3.7.0).
import { createOAuth2Request, sendTokenRequest } from 'arctic/dist/request.js';
import { z } from 'zod';
import type { Provider, ProviderConfig } from '../config.js';
import { ApiError } from '../http/envelope.js';

/** What we keep from a provider profile: the stable subject, a display name and a picture. */
export type ProviderProfile = { subject: string; name: string | null; picture: string | null };

const httpUrl = z
  .string()
  .refine((s) => /^https?:\/\//i.test(s))
  .nullish()
  .catch(null);

const profileParsers: Record<Provider, z.ZodType<ProviderProfile>> = {
  google: z
    .object({ sub: z.string().min(1).max(255), name: z.string().max(200).nullish(), picture: httpUrl })
    .transform((p) => ({ subject: p.sub, name: p.name ?? null, picture: p.picture ?? null })),
  kakao: z
    .object({
      id: z.union([z.number().int(), z.string().min(1).max(255)]),
      kakao_account: z
        .object({
          profile: z.object({ nickname: z.string().max(200).nullish(), profile_image_url: httpUrl }).nullish(),
        })
        .nullish(),
    })
    .transform((p) => ({
      subject: String(p.id),
      name: p.kakao_account?.profile?.nickname ?? null,
      picture: p.kakao_account?.profile?.profile_image_url ?? null,
    })),
};

function exchangeCode(
  provider: Provider,
  cfg: ProviderConfig,
  redirectUri: string,
  code: string,
  codeVerifier: string | null,
): Promise<OAuth2Tokens> {
  if (provider === 'google') {
    return new OAuth2Client(cfg.clientId, cfg.clientSecret, redirectUri).validateAuthorizationCode(
      cfg.tokenUrl,
      code,
      codeVerifier,
    );
  }
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
  });
  if (codeVerifier !== null) body.set('code_verifier', codeVerifier);
  return sendTokenRequest(createOAuth2Request(cfg.tokenUrl, body));
}

const failed = () => new ApiError(401, 'OAUTH_LOGIN_FAILED', '소셜 로그인에 실패했습니다. 다시 시도해주세요.');
const slowDown = () =>
  new ApiError(429, 'OAUTH_RATE_LIMITED', '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해주세요.');
const unavailable = () =>
  new ApiError(
    502,
    'OAUTH_PROVIDER_UNAVAILABLE',
    '소셜 로그인 서비스에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
  );

/**
 * The production sign-in path: exchanges the authorization code (and the PKCE verifier of the
 * sign-in, if any) at the provider's token endpoint (arctic), then reads the profile from its
 * user-info endpoint over HTTP.
 * A refused code is 401; a provider's 429 is passed on as 429; an unreachable or misbehaving provider is 502.
 */
export async function fetchProviderProfile(
  provider: Provider,
  cfg: ProviderConfig,
  redirectUri: string,
  code: string,
  codeVerifier: string | null,
): Promise<ProviderProfile> {
  let accessToken: string;
  try {
    accessToken = (await exchangeCode(provider, cfg, redirectUri, code, codeVerifier)).accessToken();
  } catch (err) {
    if (err instanceof OAuth2RequestError) throw failed();
    // The provider asked us to slow down: the client's attempts are too many, not the provider broken.
    if ((err as { status?: unknown }).status === 429) throw slowDown();
    if (err instanceof ArcticFetchError) throw unavailable();
    throw unavailable();
  }
  let response: Response;
  try {
    response = await fetch(cfg.userinfoUrl, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw unavailable();
  }
  if (response.status === 401 || response.status === 403) throw failed();
  if (!response.ok) throw unavailable();
  const parsed = profileParsers[provider].safeParse(await response.json().catch(() => null));
  if (!parsed.success) throw unavailable();
  return parsed.data;
}
