import { INTRODUCTION_MAX_LENGTH, NICKNAME_MAX_LENGTH } from '@toron/engine';
import { readDemoUsers } from '@toron/fixtures';
import { z } from 'zod';
import type { Storage } from '../db/storage.js';
import { normalizeNickname } from '../users/nickname.js';

const demoUserSchema = z.object({
  key: z.string().regex(/^[a-z0-9_-]{1,40}$/),
  provider: z.enum(['google', 'kakao']),
  nickname: z.string().min(1).max(NICKNAME_MAX_LENGTH),
  introduction: z.string().max(INTRODUCTION_MAX_LENGTH).nullable(),
  role: z.enum(['ROLE_MEMBER', 'ROLE_ADMIN']),
});

const demoDocumentSchema = z.object({
  users: z.array(demoUserSchema).min(1),
  follows: z.array(z.tuple([z.string(), z.string()])),
});

/** A demo user as the demo identity provider lists it. */
export type DemoUser = z.infer<typeof demoUserSchema>;

/** The demo users from fixtures, validated (throws on a broken fixture file). */
export function loadDemoUsers(): { users: DemoUser[]; follows: [string, string][] } {
  const doc = demoDocumentSchema.parse(readDemoUsers());
  const keys = new Set(doc.users.map((u) => u.key));
  for (const [a, b] of doc.follows) {
    if (!keys.has(a) || !keys.has(b)) throw new Error(`demo follow names an unknown key: ${a} → ${b}`);
  }
  return doc;
}

/**
 * Seeds the demo users and their follows. Idempotent: users are matched by (provider, key),
 * so a second start (or a user who renamed themselves) changes nothing. Their nicknames obey the
 * members' rules (a broken fixture throws); one that looks like a nickname someone already holds
 * is skipped with its follows, and its key returned in `skipped`.
 */
export async function seedDemoUsers(storage: Storage): Promise<{ created: number; skipped: string[] }> {
  const { users, follows } = loadDemoUsers();
  let created = 0;
  const skipped: string[] = [];
  const ids = new Map<string, number>();
  await storage.transaction(async (tx) => {
    await tx.users.holdNicknames();
    for (const u of users) {
      let row = await tx.users.findByIdentity(u.provider, u.key);
      if (!row) {
        const nickname = normalizeNickname(u.nickname, u.role === 'ROLE_ADMIN');
        if (await tx.users.isNicknameTaken(nickname)) {
          skipped.push(u.key);
          continue;
        }
        row = await tx.users.insert({
          provider: u.provider,
          subject: u.key,
          nickname,
          introduction: u.introduction,
          role: u.role,
          profileUrl: `/avatars/${u.key}.svg`,
        });
        created++;
      }
      ids.set(u.key, row.id);
    }
    if (created === 0) return;
    for (const [a, b] of follows) {
      const follower = ids.get(a);
      const followee = ids.get(b);
      if (follower !== undefined && followee !== undefined) await tx.follows.add(follower, followee);
    }
  });
  return { created, skipped };
}
