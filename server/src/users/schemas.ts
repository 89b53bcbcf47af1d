import { z } from '@hono/zod-openapi';
import { profileImageUrl } from './default-avatar.js';
import { roles } from './roles.js';
import type { UserRow } from './tables.js';

/** The only user shape the API ever sends: no e-mail, provider ids or tokens. */
export const userSchema = z
  .object({
    id: z.number().int(),
    nickname: z.string(),
    introduction: z.string().nullable(),
    profileUrl: z.string(),
    role: z.enum(roles),
    winNumber: z.number().int(),
    drawNumber: z.number().int(),
    defeatNumber: z.number().int(),
    /** The owner keeps their saved and liked news to themselves: others get empty lists. */
    newsListsPrivate: z.boolean(),
  })
  .openapi('User');

export type UserView = z.infer<typeof userSchema>;

/** Projects a user row to the public shape. */
export function toUserView(row: UserRow, publicUrl: string): UserView {
  return {
    id: row.id,
    nickname: row.nickname,
    introduction: row.introduction,
    profileUrl: profileImageUrl(publicUrl, row.profileUrl),
    role: row.role,
    winNumber: row.winNumber,
    drawNumber: row.drawNumber,
    defeatNumber: row.defeatNumber,
    newsListsPrivate: row.newsListsPrivate,
  };
}

export const userIdParam = z.coerce
  .number()
  .int()
  .positive()
  .max(Number.MAX_SAFE_INTEGER)
  .openapi({ param: { in: 'path' }, example: 1 });

export const followerSchema = z
  .object({
    followerId: z.number().int(),
    nickname: z.string(),
    profile: z.string(),
    introduction: z.string().nullable(),
  })
  .openapi('Follower');

export const followeeSchema = z
  .object({
    followeeId: z.number().int(),
    nickname: z.string(),
    profile: z.string(),
    introduction: z.string().nullable(),
  })
  .openapi('Followee');
