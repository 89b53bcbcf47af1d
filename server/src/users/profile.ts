import type { AppDeps } from '../deps.js';
import { ApiError } from '../http/envelope.js';
import { duplicateNickname } from './nickname.js';
import type { ProfileChange, UpdatedUser } from './store.js';
import { toUserView, type UserView } from './schemas.js';
import type { Role } from './roles.js';

const notFound = () => new ApiError(404, 'USER_NOT_FOUND', '존재하지 않는 사용자입니다.');

/** A user's public view, or 404. */
export async function getUserView(deps: AppDeps, id: number): Promise<UserView> {
  const row = await deps.storage.users.findById(id);
  if (!row) throw notFound();
  return toUserView(row, deps.config.publicUrl);
}

/**
 * Whether `viewerId` may see the saved and liked news lists of `ownerId` (the user page's news
 * tab, shown to every signed-in member): the owner always, others unless the owner keeps them
 * private. 404 for an unknown owner.
 */
export async function newsListsVisibleTo(deps: AppDeps, ownerId: number, viewerId: number): Promise<boolean> {
  const owner = await deps.storage.users.findById(ownerId);
  if (!owner) throw notFound();
  return ownerId === viewerId || !owner.newsListsPrivate;
}

/** Writes the given profile fields (already validated) and returns the new view (see saveProfileReplacing). */
export async function saveProfile(deps: AppDeps, id: number, change: ProfileChange): Promise<UserView> {
  return (await saveProfileReplacing(deps, id, change)).view;
}

/**
 * saveProfile, also telling which profile picture the saved one replaced (to delete it once
 * unreferenced). A new nickname is checked for a look-alike again in the same transaction as the
 * write, nickname writes held one at a time, so a concurrent request that took one in between is
 * refused with 400, not stored beside it.
 */
export async function saveProfileReplacing(
  deps: AppDeps,
  id: number,
  change: ProfileChange,
): Promise<{ view: UserView; previousProfileUrl: string | null }> {
  const saved = await save(deps, id, change);
  if (!saved) throw notFound();
  return { view: toUserView(saved.row, deps.config.publicUrl), previousProfileUrl: saved.previousProfileUrl };
}

/**
 * A guest completing sign-up becomes a member with the given profile. Undefined when the user is
 * no longer a guest: a role written meanwhile (a second sign-up, a sanction) stands.
 */
export async function completeSignUp(
  deps: AppDeps,
  id: number,
  change: Omit<ProfileChange, 'role'>,
): Promise<UserView | undefined> {
  const saved = await save(deps, id, { ...change, role: 'ROLE_MEMBER' }, 'ROLE_GUEST');
  return saved && toUserView(saved.row, deps.config.publicUrl);
}

function save(deps: AppDeps, id: number, change: ProfileChange, onlyIfRole?: Role): Promise<UpdatedUser | undefined> {
  return deps.storage.transaction(async (tx) => {
    if (change.nickname !== undefined) {
      await tx.users.holdNicknames();
      if (await tx.users.isNicknameTaken(change.nickname, id)) throw duplicateNickname();
    }
    return tx.users.update(id, change, onlyIfRole);
  });
}
