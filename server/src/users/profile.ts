import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/envelope.js';
import { duplicateNickname } from './nickname.js';
import { findUserById, isNicknameTaken, updateUserReplacing, type ProfileChange } from './store.js';
import { toUserView, type UserView } from './schemas.js';

const notFound = () => new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');

/** A user's public view, or 404. */
export function getUserView(deps: AppDeps, id: number): UserView {
  const row = findUserById(deps.db, id);
  if (!row) throw notFound();
  return toUserView(row, deps.config.publicUrl);
}

/**
 * Whether `viewerId` may see the saved and liked news lists of `ownerId` (the user page's news
 * tab, shown to every signed-in member): the owner always, others unless the owner keeps them
 * private. 404 for an unknown owner.
 */
export function newsListsVisibleTo(deps: AppDeps, ownerId: number, viewerId: number): boolean {
  const owner = findUserById(deps.db, ownerId);
  if (!owner) throw notFound();
  return ownerId === viewerId || !owner.newsListsPrivate;
}

/** Writes the given profile fields (already validated) and returns the new view (see saveProfileReplacing). */
export function saveProfile(deps: AppDeps, id: number, change: ProfileChange): UserView {
  return saveProfileReplacing(deps, id, change).view;
}

/**
 * saveProfile, also telling which profile picture the saved one replaced (to delete it once
 * unreferenced). A new nickname is checked for a look-alike again in the same transaction as the
 * write, so a concurrent request that took one in between is refused with 400, not stored beside it.
 */
export function saveProfileReplacing(
  deps: AppDeps,
  id: number,
  change: ProfileChange,
): { view: UserView; previousProfileUrl: string | null } {
  const saved = deps.db.transaction((tx) => {
    if (change.nickname !== undefined && isNicknameTaken(tx, change.nickname, id)) throw duplicateNickname();
    return updateUserReplacing(tx, id, change);
  });
  if (!saved) throw notFound();
  return { view: toUserView(saved.row, deps.config.publicUrl), previousProfileUrl: saved.previousProfileUrl };
}
