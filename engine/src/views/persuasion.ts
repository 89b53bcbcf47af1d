import type { RoomEvent } from '../events/schema.js';
import { evolveFast } from '../machine/evolve.js';
import { STANCES, type Side, type Stance } from '../settings/codes.js';
import { INITIAL_ROOM_STATE, type RoomState } from '../state/room-state.js';
import { stancesOpen } from '../state/stances.js';
import type { Persuasion, PersuasiveTurn, StancePoint, StanceShares, Swing } from '../wire/stance.js';
import { stancePercents, stanceShares } from './stance-shares.js';

/** A turn being measured: the stances held when it began and who has spoken in it. */
interface TurnWindow {
  readonly index: number;
  readonly side: Side;
  readonly before: NonNullable<RoomState['stances']>;
  readonly speakers: Map<number, string>;
}

const sameShares = (a: StanceShares | null, b: StanceShares | null): boolean =>
  a === b || (a !== null && b !== null && STANCES.every((s) => a[s] === b[s]));

/**
 * What a debate did to its audience, from its whole log (never a redacted one): the shares when
 * the first speech began and when the vote opened (a room without a vote: when the debate ended),
 * the swing between them, the turn after which the most viewers changed stance (changes inside a
 * turn's window count for that turn's speakers; a first declaration is no change), and the
 * timeline of the shares until stances locked. Only counts come out, each when at least
 * `STANCE_MIN_DECLARED` present viewers had declared.
 */
export function persuasion(log: readonly RoomEvent[]): Persuasion {
  let state = INITIAL_ROOM_STATE;
  let atFirstSpeech: StanceShares | null = null;
  let atVote: StanceShares | null = null;
  let reachedEnd = false;
  let window: TurnWindow | null = null;
  let mostMoved: PersuasiveTurn | null = null;
  const timeline: StancePoint[] = [];
  const close = () => {
    const measured = window && measure(window, state);
    if (measured && measured.moved > (mostMoved?.moved ?? 0)) mostMoved = measured;
    window = null;
  };
  for (const event of log) {
    const wasOpen = stancesOpen(state);
    state = evolveFast(state, event);
    const shares = stanceShares(state);
    if (wasOpen && !sameShares(timeline.at(-1)?.shares ?? null, shares)) timeline.push({ at: event.at, shares });
    switch (event.type) {
      case 'TurnStarted':
        close();
        if (event.index === 0) atFirstSpeech = shares;
        window = { index: event.index, side: event.side, before: state.stances ?? {}, speakers: new Map() };
        break;
      case 'Spoke':
        window?.speakers.set(event.userId, event.nickname);
        break;
      case 'VotingOpened':
      case 'RoomClosed':
        close();
        atVote = shares;
        reachedEnd = true;
        break;
      case 'DebateEnded':
      case 'WonByDefault':
      case 'ExitOverflow':
        close();
        break;
    }
  }
  return {
    atFirstSpeech,
    atVote: reachedEnd ? atVote : null,
    swing: atFirstSpeech && reachedEnd && atVote ? swingOf(atFirstSpeech, atVote) : null,
    mostMoved,
    timeline,
  };
}

/** The viewers a turn moved, or null when it moved none or too few viewers had declared to say. */
function measure(window: TurnWindow, after: RoomState): PersuasiveTurn | null {
  if (stanceShares(after) === null) return null;
  const toward: Record<Stance, number> = { PRO: 0, CON: 0, UNDECIDED: 0 };
  let moved = 0;
  for (const [user, before] of Object.entries(window.before)) {
    const now = after.stances?.[user];
    if (now && now !== before) {
      moved++;
      toward[now]++;
    }
  }
  if (moved === 0) return null;
  const speakers = [...window.speakers].map(([userId, nickname]) => ({ userId, nickname }));
  return { turnIndex: window.index, side: window.side, speakers, moved, toward };
}

/** Percentage points each side gained; the side that gained strictly more, and more than nothing, moved the room. */
export function swingOf(before: StanceShares, after: StanceShares): Swing {
  const from = stancePercents(before);
  const to = stancePercents(after);
  const PRO = to.PRO - from.PRO;
  const CON = to.CON - from.CON;
  const mover = PRO > CON && PRO > 0 ? 'PRO' : CON > PRO && CON > 0 ? 'CON' : null;
  return { PRO, CON, mover };
}
