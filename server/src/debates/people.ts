import type { Actor, Participant, ParticipantLookup } from '@toron/engine';
import type { Db } from '../db/client.js';
import { profileImageUrl } from '../users/default-avatar.js';
import { findUserById } from '../users/store.js';
import type { UserRow } from '../users/tables.js';

/**
 * The engine's actor for a user: id, nickname and absolute picture URL (the default avatar when none), read from the
 * users store.
 */
export function actorOf(user: Pick<UserRow, 'id' | 'nickname' | 'profileUrl'>, publicUrl: string): Actor {
  return { userId: user.id, nickname: user.nickname, imageUrl: profileImageUrl(publicUrl, user.profileUrl) };
}

/**
 * User cards for room info (docs/wire-contract.md#shapes) with the current record, looked up once per
 * user per call; unknown users fall back to what the events recorded (the engine does that).
 */
export function participantLookup(db: Db, publicUrl: string): ParticipantLookup {
  const seen = new Map<number, Participant | undefined>();
  return (userId) => {
    if (seen.has(userId)) return seen.get(userId);
    const row = findUserById(db, userId);
    const card: Participant | undefined = row && {
      id: row.id,
      nickname: row.nickname,
      profileUrl: profileImageUrl(publicUrl, row.profileUrl),
      winNumber: row.winNumber,
      drawNumber: row.drawNumber,
      defeatNumber: row.defeatNumber,
    };
    seen.set(userId, card);
    return card;
  };
}
