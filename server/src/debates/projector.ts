import {
  isTerminal,
  persuasion,
  records,
  seatOf,
  SIDES,
  type OpenRoomState,
  type RoomEvent,
  type RoomState,
  type Side,
} from '@toron/engine';
import type { Db } from '../db/client.js';
import { recordSwings } from '../persuasion/store.js';
import { ratedDebateOf } from '../ranking/result-event.js';
import { recordRatedDebate } from '../ranking/store.js';
import { recordOutcome, type DebateOutcome } from '../users/store.js';
import { loadEvents } from './event-store.js';
import { addParticipant, insertRoom, updateRoom } from './room-store.js';

/** What other features hear about once the transaction has committed. */
export type RoomNotice =
  | { readonly kind: 'recruitment-completed'; readonly userId: number; readonly side: Side; readonly present: boolean }
  | { readonly kind: 'debate-ended'; readonly userId: number; readonly outcome: DebateOutcome | null };

const OUTCOME: Record<'win' | 'draw' | 'loss', DebateOutcome> = { win: 'WIN', draw: 'DRAW', loss: 'LOSS' };

/**
 * Writes every projection a batch of a room's events changes, inside the caller's transaction:
 * the room summary, participants, final tally and, when the room has just ended, the
 * debaters' win/draw/loss records and ratings. Returns the notices to emit after commit.
 */
export function project(tx: Db, before: RoomState, events: readonly RoomEvent[], after: OpenRoomState): RoomNotice[] {
  const notices: RoomNotice[] = [];
  for (const e of events) {
    if (e.type === 'RoomOpened') insertRoom(tx, after);
    else if (e.type === 'ObserverJoined') {
      addParticipant(tx, {
        roomId: after.roomId,
        userId: e.userId,
        role: 'OBSERVER',
        position: 'NO_POSITION',
        joinedAt: e.at,
      });
    } else if (e.type === 'RecruitmentCompleted') {
      for (const side of ['PRO', 'CON'] as const) {
        for (const m of e.roster[side]) {
          addParticipant(tx, {
            roomId: after.roomId,
            userId: m.userId,
            role: 'PARTICIPANT',
            position: side,
            joinedAt: e.at,
          });
          notices.push({ kind: 'recruitment-completed', userId: m.userId, side, present: isPresent(after, m.userId) });
        }
      }
    }
  }
  // Chat and ballots change no summary column: skip the UPDATE on the hottest path.
  const changed = before.phase !== after.phase || before.seats !== after.seats;
  if (changed && !events.some((e) => e.type === 'RoomOpened')) updateRoom(tx, after);
  if (!isTerminal(before) && isTerminal(after)) notices.push(...finish(tx, after, events));
  return notices;
}

/** Whether a debater is in the room now: seated with their socket up (not waiting out a reconnect grace). */
const isPresent = (state: RoomState, userId: number): boolean => seatOf(state, userId)?.graceEndsAt === null;

/** Records, ratings, swings and end notices of a room that has just ended. */
function finish(tx: Db, state: OpenRoomState, events: readonly RoomEvent[]): RoomNotice[] {
  const roster = state.roster;
  if (!roster) return [];
  const updates = records(state);
  for (const u of updates) recordOutcome(tx, u.userId, OUTCOME[u.outcome]);
  const rated = ratedDebateOf(state, events);
  if (rated) recordRatedDebate(tx, rated, rated.at);
  // The swing needs the whole log (the stances before the first speech), appended in this
  // transaction; a room where nobody declared has none, and its log is not read again.
  const swing = state.stances ? persuasion(loadEvents(tx, state.roomId)).swing : null;
  if (swing) {
    const swings = SIDES.flatMap((side) => roster[side].map((m) => ({ userId: m.userId, side, swing: swing[side] })));
    recordSwings(tx, state.roomId, state.lastAt, swings);
  }
  const outcome = new Map(updates.map((u) => [u.userId, OUTCOME[u.outcome]]));
  return [...roster.PRO, ...roster.CON].map((m) => ({
    kind: 'debate-ended',
    userId: m.userId,
    outcome: outcome.get(m.userId) ?? null,
  }));
}
