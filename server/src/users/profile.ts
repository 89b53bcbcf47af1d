import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/envelope.js';
import { findUserById, isUniqueViolation, updateUserReplacing, type ProfileChange } from './store.js';
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

/**
 * Writes the given profile fields (already validated) and returns the new view. A nickname
 * taken by a concurrent request loses on the unique index and is refused with 400, not 500.
 */
export function saveProfile(deps: AppDeps, id: number, change: ProfileChange): UserView {
  return saveProfileReplacing(deps, id, change).view;
}

/** saveProfile, also telling which profile picture the saved one replaced (to delete it once unreferenced). */
export function saveProfileReplacing(
  deps: AppDeps,
  id: number,
  change: ProfileChange,
): { view: UserView; previousProfileUrl: string | null } {
  try {
    const saved = updateUserReplacing(deps.db, id, change);
    if (!saved) throw notFound();
    return { view: toUserView(saved.row, deps.config.publicUrl), previousProfileUrl: saved.previousProfileUrl };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new ApiError(400, 'DUPLICATE_NICKNAME', '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.');
    }
    throw err;
  }
}
