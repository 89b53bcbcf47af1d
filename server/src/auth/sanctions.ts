import type { Storage } from '../db/storage.js';
import { ApiError } from '../http/envelope.js';
import type { UserRow } from '../users/tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses suspended and banned users with the stable codes `ACCOUNT_SUSPENDED` / `ACCOUNT_BANNED`
 * and a Korean reason (a suspension says how many days remain): 401 where a token was presented
 * (a client that holds one logs out at once), 403 at sign-in. A suspension whose end has passed
 * is lifted here, back to ROLE_MEMBER. Returns the user as it stands now.
 */
export async function assertNotSanctioned(
  storage: Storage,
  user: UserRow,
  status: 401 | 403,
  now = new Date(),
): Promise<UserRow> {
  if (user.role === 'ROLE_BANNED') {
    throw new ApiError(status, 'ACCOUNT_BANNED', '영구 정지된 계정입니다. 서비스를 이용할 수 없습니다.');
  }
  if (user.role !== 'ROLE_SUSPENDED') return user;
  const until = user.suspendedUntil;
  if (until && until.getTime() <= now.getTime()) {
    await storage.users.liftExpiredSuspension(user.id, now);
    const current = (await storage.users.findById(user.id)) ?? user;
    // A sanction written meanwhile stands: judge the user as stored now.
    return current.role === 'ROLE_MEMBER' ? current : assertNotSanctioned(storage, current, status, now);
  }
  const days = until ? Math.max(1, Math.ceil((until.getTime() - now.getTime()) / DAY_MS)) : undefined;
  const rest = days === undefined ? '' : ` ${days}일 후에 다시 이용할 수 있습니다.`;
  throw new ApiError(status, 'ACCOUNT_SUSPENDED', `이용이 일시 정지된 계정입니다.${rest}`);
}
