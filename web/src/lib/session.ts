import { z } from 'zod';
import { api } from './api';
import { $auth, setNewUser, setTokens } from './auth-store';
import { endSession } from './end-session';
import { setUser } from './user-store';
import { announceSignedIn } from './signed-in-hook';

/** Token lifetime on the client: the refresh token is exchanged every 15 minutes while the app is open. */
const REFRESH_INTERVAL_MS = 900_000;

const NEW_USER_NICKNAME = /^(GOOGLE|KAKAO)_.+$/;

/** A nickname still carrying the provider's temporary prefix marks a user who has not signed up yet. */
export function isNewUserNickname(nickname: string): boolean {
  return NEW_USER_NICKNAME.test(nickname.trim());
}

const userInfoSchema = z.object({
  id: z.number(),
  nickname: z.string(),
  profileUrl: z.string().nullish(),
  role: z.string(),
});

const tokensSchema = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1) });

export interface SignedInUser {
  userId: number;
  accessToken: string;
  refreshToken: string;
  nickname: string;
  imgUrl: string | null;
  role: string;
}

/** Stores a fresh sign-in, then loads the user's info (which ends the session for sanctioned roles). */
export async function startSession(login: SignedInUser): Promise<void> {
  setTokens(login.accessToken, login.refreshToken);
  setNewUser(isNewUserNickname(login.nickname));
  setUser({ userId: login.userId, nickname: login.nickname, profileUrl: login.imgUrl ?? '', role: login.role });
  if (await loadUserInfo()) announceSignedIn(login.userId);
}

// A request cut off because this page is being left (a reload, a full navigation) is no failed
// fetch: the next page asks again. Ending the session then would sign the member out for leaving.
let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('pageshow', () => (leavingPage = false));
}

/**
 * Refreshes the user store from the server; a failure (logged) or a suspended or banned role ends the
 * session, except a request the page's own unloading cut off (docs/product-rules.md#sign-in-and-session).
 */
export async function loadUserInfo(): Promise<boolean> {
  try {
    const info = await api('/api/users/userInfo', { schema: userInfoSchema });
    if (info.role === 'ROLE_BANNED' || info.role === 'ROLE_SUSPENDED') {
      endSession();
      return false;
    }
    setUser({ userId: info.id, nickname: info.nickname, profileUrl: info.profileUrl ?? '', role: info.role });
    return true;
  } catch (error) {
    if (leavingPage) return false;
    console.error('failed to load user info', error);
    endSession();
    return false;
  }
}

/** Exchanges the refresh token for a new pair (201 required); no token or any failure logs out. */
async function reissueTokens(): Promise<boolean> {
  const { refreshToken } = $auth.get();
  if (!refreshToken) {
    endSession();
    return false;
  }
  try {
    const tokens = await api('/api/auth/reissue', {
      method: 'POST',
      json: { refreshToken },
      schema: tokensSchema,
      expectStatus: 201,
    });
    setTokens(tokens.accessToken, tokens.refreshToken);
    return loadUserInfo();
  } catch {
    endSession();
    return false;
  }
}

/** Runs the 15-minute refresh while a session exists; returns the stop function. */
export function startTokenRefresh(intervalMs = REFRESH_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    if ($auth.get().accessToken) void reissueTokens();
  }, intervalMs);
  return () => clearInterval(timer);
}
