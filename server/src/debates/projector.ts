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
import type { Stores } from '../db/storage.js';
import { ratedDebateOf } from '../ranking/result-event.js';
import type { DebateOutcome } from '../users/store.js';
import type { ParticipantRow } from './store.js';

/** What other features hear about once the transaction has committed. */
export type RoomNotice =
  | { readonly kind: 'recruitment-completed'; readonly userId: number; readonly side: Side; readonly present: boolean }
  | { readonly kind: 'debate-ended'; readonly userId: number; readonly outcome: DebateOutcome | null };

const OUTCOME: Record<'win' | 'draw' | 'loss', DebateOutcome> = { win: 'WIN', draw: 'DRAW', loss: 'LOSS' };

/** Events that add rows of their own to the projections (the summary aside). */
const ROW_EVENTS: ReadonlySet<RoomEvent['type']> = new Set(['RoomOpened', 'ObserverJoined', 'RecruitmentCompleted']);

/** What a batch writes in its transaction: its projections, then (a room that has just ended) the rating. */
export interface Projection {
  /** Every projection but the rating; resolves with the notices to emit after commit. */
  readonly write: (tx: Stores) => Promise<RoomNotice[]>;
  /**
   * The debate's rating, the transaction's last write: it takes the one rating writer's turn until
   * the commit (docs/ratings.md), so nothing else of the transaction runs while other rooms'
   * endings wait for it. Null when the batch rates nothing.
   */
  readonly rate: ((tx: Stores) => Promise<void>) | null;
}

/**
 * What a batch of a room's events writes to the projections, or null when it writes nothing:
 * chat and ballots change no summary column and add no row, so the hottest path appends its
 * events alone, with no transaction around them.
 */
export function projection(before: RoomState, events: readonly RoomEvent[], after: OpenRoomState): Projection | null {
  if (!summaryChanges(before, after) && !events.some((e) => ROW_EVENTS.has(e.type))) return null;
  const rated = justEnded(before, after) ? ratedDebateOf(after, events) : null;
  return {
    write: (tx) => projectAllButRating(tx, before, events, after),
    rate: rated && ((tx) => tx.ratings.recordRatedDebate(rated, rated.at).then(() => undefined)),
  };
}

/** Whether the room's summary row changes (its phase or seats); chat and ballots change neither. */
const summaryChanges = (before: RoomState, after: RoomState): boolean =>
  before.phase !== after.phase || before.seats !== after.seats;

const justEnded = (before: RoomState, after: RoomState): boolean => !isTerminal(before) && isTerminal(after);

/**
 * Writes every projection a batch of a room's events changes, inside the caller's transaction:
 * the room summary, participants, final tally and, when the room has just ended, the
 * debaters' win/draw/loss records and ratings. Returns the notices to emit after commit.
 */
export async function project(
  tx: Stores,
  before: RoomState,
  events: readonly RoomEvent[],
  after: OpenRoomState,
): Promise<RoomNotice[]> {
  const projected = projection(before, events, after);
  if (!projected) return [];
  const notices = await projected.write(tx);
  await projected.rate?.(tx);
  return notices;
}

/** Every projection of a batch but the rating (see `project`). */
async function projectAllButRating(
  tx: Stores,
  before: RoomState,
  events: readonly RoomEvent[],
  after: OpenRoomState,
): Promise<RoomNotice[]> {
  const notices: RoomNotice[] = [];
  const participants: ParticipantRow[] = [];
  for (const e of events) {
    if (e.type === 'RoomOpened') await tx.rooms.insert(after);
    else if (e.type === 'ObserverJoined') {
      participants.push({
        roomId: after.roomId,
        userId: e.userId,
        role: 'OBSERVER',
        position: 'NO_POSITION',
        joinedAt: e.at,
      });
    } else if (e.type === 'RecruitmentCompleted') {
      for (const side of ['PRO', 'CON'] as const) {
        for (const m of e.roster[side]) {
          participants.push({
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
  // A burst of observers entering costs one statement, not one each.
  if (participants.length > 0) await tx.rooms.addParticipants(participants);
  if (summaryChanges(before, after) && !events.some((e) => e.type === 'RoomOpened')) await tx.rooms.update(after);
  if (justEnded(before, after)) notices.push(...(await finish(tx, after)));
  return notices;
}

/** Whether a debater is in the room now: seated with their socket up (not waiting out a reconnect grace). */
const isPresent = (state: RoomState, userId: number): boolean => seatOf(state, userId)?.graceEndsAt === null;

/**
 * Records, swings and end notices of a room that has just ended (its rating comes after them, see
 * `Projection.rate`), each a statement or a few whatever the room's size: a node commits its
 * endings one at a time (see actor.ts), so what one ending costs in round trips, every ending
 * queued behind it waits for.
 */
async function finish(tx: Stores, state: OpenRoomState): Promise<RoomNotice[]> {
  const roster = state.roster;
  if (!roster) return [];
  const updates = [...records(state)];
  await tx.users.recordOutcomes(updates.map((u) => ({ userId: u.userId, outcome: OUTCOME[u.outcome] })));
  // The swing needs the whole log (the stances before the first speech), appended in this
  // transaction; a room where nobody declared has none, and its log is not read again.
  const swing = state.stances ? persuasion(await tx.roomEvents.load(state.roomId)).swing : null;
  if (swing) {
    const swings = SIDES.flatMap((side) => roster[side].map((m) => ({ userId: m.userId, side, swing: swing[side] })));
    await tx.swings.record(state.roomId, state.lastAt, swings);
  }
  const outcome = new Map(updates.map((u) => [u.userId, OUTCOME[u.outcome]]));
  return [...roster.PRO, ...roster.CON].map((m) => ({
    kind: 'debate-ended',
    userId: m.userId,
    outcome: outcome.get(m.userId) ?? null,
  }));
}
