import type { AppDeps } from '../deps.js';
import { userAllowance } from '../http/rate-limit.js';

// One allowance per app, shared by every route that looks a nickname up (the check and the profile edit).
const allowances = new WeakMap<AppDeps, (userId: number) => Promise<void>>();

/**
 * Counts one nickname lookup for the user against RATE_LIMIT_NICKNAME and refuses with 429
 * when over. The nickname check (A3) and a profile edit that changes the nickname (U3) share
 * the allowance, so probing which nicknames are taken costs the same through either.
 */
export function admitNicknameLookup(deps: AppDeps, userId: number): Promise<void> {
  let admit = allowances.get(deps);
  if (!admit) {
    admit = userAllowance(
      deps.rateLimiter('nickname', deps.config.rateLimits.nickname),
      'NICKNAME_CHECK_RATE_LIMITED',
      '닉네임 확인을 너무 자주 요청했습니다. 잠시 후 다시 시도해주세요.',
    );
    allowances.set(deps, admit);
  }
  return admit(userId);
}
