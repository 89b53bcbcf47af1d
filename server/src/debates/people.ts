import { shownDebaters, type Actor, type Participant, type ParticipantLookup, type RoomState } from '@toron/engine';
import { profileImageUrl } from '../users/default-avatar.js';
import type { UserStore } from '../users/store.js';
import type { UserRow } from '../users/tables.js';

/**
 * The engine's actor for a user: id, nickname and absolute picture URL (the default avatar when none), read from the
 * users store.
 */
export function actorOf(user: Pick<UserRow, 'id' | 'nickname' | 'profileUrl'>, publicUrl: string): Actor {
  return { userId: user.id, nickname: user.nickname, imageUrl: profileImageUrl(publicUrl, user.profileUrl) };
}

/**
 * User cards for the room info of some rooms (docs/wire-contract.md#shapes) with the current record: every
 * debater those rooms show, read in one query. Unknown users fall back to what the events
 * recorded (the engine does that).
 */
export async function participantCards(
  users: UserStore,
  publicUrl: string,
  states: readonly RoomState[],
): Promise<ParticipantLookup> {
  const ids = new Set(
    states.flatMap((s) => {
      const shown = shownDebaters(s);
      return [...shown.PRO, ...shown.CON].map((m) => m.userId);
    }),
  );
  const cards = new Map<number, Participant>(
    (await users.findByIds([...ids])).map((row) => [
      row.id,
      {
        id: row.id,
        nickname: row.nickname,
        profileUrl: profileImageUrl(publicUrl, row.profileUrl),
        winNumber: row.winNumber,
        drawNumber: row.drawNumber,
        defeatNumber: row.defeatNumber,
      },
    ]),
  );
  return (userId) => cards.get(userId);
}
