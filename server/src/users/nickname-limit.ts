import type { AppDeps } from '../deps.js';
import { enforce, memoryRateLimiter, type RateLimiter } from '../http/rate-limit.js';

// One allowance per app, shared by every route that looks a nickname up (the check and the profile edit).
const limiters = new WeakMap<AppDeps, RateLimiter>();

/**
 * Counts one nickname lookup for the user against RATE_LIMIT_NICKNAME and refuses with 429
 * when over. The nickname check (A3) and a profile edit that changes the nickname (U3) share
 * the allowance, so probing which nicknames are taken costs the same through either.
 */
export function admitNicknameLookup(deps: AppDeps, userId: number): Promise<void> {
  let limiter = limiters.get(deps);
  if (!limiter) {
    limiter = memoryRateLimiter(deps.config.rateLimits.nickname);
    limiters.set(deps, limiter);
  }
  return enforce(
    limiter,
    `user:${userId}`,
    'NICKNAME_CHECK_RATE_LIMITED',
    '닉네임 확인을 너무 자주 요청했습니다. 잠시 후 다시 시도해주세요.',
  );
}
