import type { UserRow } from '../users/tables.js';

/** The user a request acts as: loaded from the database on every request, never from the token alone. */
export type AuthUser = Pick<UserRow, 'id' | 'nickname' | 'role'>;

/** Hono environment shared by every router. */
export type AppEnv = { Variables: { user: AuthUser } };
