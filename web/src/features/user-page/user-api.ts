import { roomOutcomeSchema, userPersuasionSchema, userRatingSchema } from '@toron/engine';
import { z } from 'zod';
import { api } from '../../lib/api';
import { queryKeys, queryOptions } from '../../lib/server-data';

const count = z
  .number()
  .nullish()
  .transform((v) => v ?? 0);

const profileSchema = z.object({
  id: z.number(),
  nickname: z.string(),
  introduction: z.string().nullish(),
  profileUrl: z.string().nullish(),
  role: z.string().nullish(),
  winNumber: count,
  drawNumber: count,
  defeatNumber: count,
  /** The owner keeps the saved and liked news to themselves (other members get empty lists). */
  newsListsPrivate: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
});
export type Profile = z.infer<typeof profileSchema>;

const savedNewsSchema = z.array(
  z.object({ newsId: z.number(), title: z.string(), continent: z.string().nullish(), createdAt: z.string().nullish() }),
);
export type SavedNews = z.infer<typeof savedNewsSchema>[number];

const debateSchema = z.array(
  z.object({
    debateId: z.string(),
    title: z.string(),
    category: z.string().nullish(),
    time: z.union([z.string(), z.number()]).nullish(),
    member: z.union([z.string(), z.number()]).nullish(),
    status: z.string(),
    isParticipant: z.boolean().nullish(),
    /** This user's rating change in that debate; absent or null where it was not rated for them. */
    ratingChange: z.number().int().nullish().catch(null),
    /** How the room ended, and what it gave this user (null for an observer or without a result). */
    outcome: roomOutcomeSchema.nullish().catch(null),
    result: z.enum(['WIN', 'DRAW', 'LOSS']).nullish().catch(null),
  }),
);
export type ArchivedDebate = z.infer<typeof debateSchema>[number];

const person = { nickname: z.string(), profile: z.string().nullish(), introduction: z.string().nullish() };
const followersSchema = z.array(z.object({ followerId: z.number(), ...person }));
const followeesSchema = z.array(z.object({ followeeId: z.number(), ...person }));

/** A follower or followee, with one id field whichever list it came from. */
export interface FollowEntry {
  userId: number;
  nickname: string;
  profile: string | null;
  introduction: string | null;
}

const mypage = (id: number) => `/api/users/mypage/${id}`;

// Each of these is about one user: when there is no such user, the user page says so (UserPage).
const meta = { showsNotFound: true };

/** U1: a user's public profile. */
export const profileQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.profile(id),
    meta,
    queryFn: () => api(`/api/users/${id}`, { schema: profileSchema }),
  });

/** U4/U5: the news a user saved or liked (empty for other members when the owner keeps them private). */
export const savedNewsQuery = (kind: 'bookmarks' | 'likes', id: number) =>
  queryOptions({
    queryKey: queryKeys.users.saved(kind, id),
    meta,
    queryFn: () => api(`${mypage(id)}/${kind}`, { schema: savedNewsSchema }),
  });

/** U6, keeping only finished debates, newest first (the server sends oldest first). */
export const closedDebatesQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.debates(id),
    meta,
    queryFn: async (): Promise<ArchivedDebate[]> => {
      const debates = await api(`${mypage(id)}/debates`, { schema: debateSchema });
      return debates.filter((debate) => debate.status === 'CLOSED').reverse();
    },
  });

/** A member's Glicko-2 rating with their latest rating changes (docs/ratings.md). */
export const userRatingQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.ratings.user(id),
    meta,
    queryFn: () => api(`/api/ratings/users/${id}`, { schema: userRatingSchema }),
  });

/** A member's 설득력: their side's average swing over their measured debates (docs/persuasion.md). */
export const userPersuasionQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.persuasion.user(id),
    meta,
    queryFn: () => api(`/api/persuasion/users/${id}`, { schema: userPersuasionSchema }),
  });

/** U8: who follows the user. */
export const followersQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.followers(id),
    meta,
    queryFn: async (): Promise<FollowEntry[]> => {
      const list = await api(`${mypage(id)}/followers`, { schema: followersSchema });
      return list.map(({ followerId, ...rest }) => followEntry(followerId, rest));
    },
  });

/** U9: whom the user follows. */
export const followeesQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.users.followees(id),
    meta,
    queryFn: async (): Promise<FollowEntry[]> => {
      const list = await api(`${mypage(id)}/followees`, { schema: followeesSchema });
      return list.map(({ followeeId, ...rest }) => followEntry(followeeId, rest));
    },
  });

function followEntry(
  userId: number,
  person: { nickname: string; profile?: string | null; introduction?: string | null },
): FollowEntry {
  return {
    userId,
    nickname: person.nickname,
    profile: person.profile ?? null,
    introduction: person.introduction ?? null,
  };
}

/** U10: me follows target. */
export const followUser = (targetId: number, myId: number) =>
  api(`${mypage(targetId)}/${myId}/insertfollowers`, { method: 'POST' });

/** U11: me stops following target (also "delete" on my following list). */
export const unfollowUser = (targetId: number, myId: number) =>
  api(`${mypage(targetId)}/${myId}/deletefollowers`, { method: 'DELETE' });

const updateSchema = z
  .object({ role: z.string().nullish(), profileUrl: z.string().nullish(), nickname: z.string().nullish() })
  .nullish();

/** U3: sends only the changed parts as multipart. */
export const updateProfile = (id: number, form: FormData) =>
  api(mypage(id), { method: 'PUT', form, schema: updateSchema });
