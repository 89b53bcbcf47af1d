import type { Logger } from 'pino';
import type { Storage } from '../db/storage.js';
import type { UserRow } from './tables.js';

const CHUNK = 500;

/**
 * Computes the comparison keys (nickname-skeleton.ts) of every row stored before they existed, one
 * transaction per chunk. Nicknames themselves are never changed here. Returns how many rows it did.
 */
export async function backfillNicknameKeys(storage: Storage): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await storage.users.withoutSkeleton(CHUNK);
    if (rows.length === 0) return done;
    await storage.transaction(async (tx) => {
      for (const row of rows) await tx.users.storeNicknameKeys(row.id, row.nickname);
    });
    done += rows.length;
  }
}

/** Users whose nicknames look alike: each group is one look, oldest account first. */
export type CollisionGroup = Pick<UserRow, 'id' | 'nickname' | 'role' | 'profileUrl'>[];

/**
 * The groups of look-alike nicknames. New nicknames can never collide (every write is checked),
 * so these are rows stored before the confusable skeletons; staff rename one side by hand.
 */
export async function nicknameCollisions(storage: Storage): Promise<CollisionGroup[]> {
  // Pairs join into groups: a ~ b and b ~ c put all three in one group.
  const groupOf = new Map<number, Set<number>>();
  for (const [a, b] of await storage.users.nicknameCollisionPairs()) {
    const merged = new Set([...(groupOf.get(a) ?? [a]), ...(groupOf.get(b) ?? [b])]);
    for (const id of merged) groupOf.set(id, merged);
  }
  const groups = [...new Set(groupOf.values())];
  const users = new Map((await storage.users.findByIds([...groupOf.keys()])).map((u) => [u.id, u]));
  return groups
    .map((ids) =>
      [...ids]
        .sort((x, y) => x - y)
        .map((id) => users.get(id))
        .filter((u): u is UserRow => u !== undefined)
        .map(({ id, nickname, role, profileUrl }) => ({ id, nickname, role, profileUrl })),
    )
    .filter((group) => group.length > 1)
    .sort((x, y) => x[0]!.id - y[0]!.id);
}

/** Start-up: fills in missing keys, then logs every group of look-alike nicknames for staff. */
export async function checkStoredNicknames(storage: Storage, logger: Logger): Promise<void> {
  const filled = await backfillNicknameKeys(storage);
  if (filled > 0) logger.info({ users: filled }, 'nickname skeletons computed');
  for (const group of await nicknameCollisions(storage)) {
    logger.warn(
      { users: group.map(({ id, nickname }) => ({ id, nickname })) },
      'look-alike nicknames stored before the confusable check; staff can rename one on the admin page',
    );
  }
}
