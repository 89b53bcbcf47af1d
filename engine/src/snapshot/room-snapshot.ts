/**
 * A room snapshot: everything a live screen draws from a room's log, folded to one seq, so a
 * client can start there and take only the events after it instead of the whole log. It is the
 * engine's room state at `seq` plus the transcript, the recent events the chats and the screens'
 * moments are drawn from (speech, observer chat and the notices beside them), the latest
 * `TRANSCRIPT_LIMIT` of each chat. A pure fold of the log: folding the events after `seq` into a
 * snapshot gives the snapshot of the longer log (see docs/live-rooms.md).
 */
import type { RoomEvent, RoomEventType } from '../events/schema.js';
import { replay } from '../machine/evolve.js';
import { INITIAL_ROOM_STATE, type RoomState } from '../state/room-state.js';
import { redactFor, redactStateFor, type Viewer } from '../views/redact.js';

/** The room at one seq, with its recent transcript. */
export interface RoomSnapshot {
  /** The seq of the last event folded in (0 for a room without events). */
  readonly seq: number;
  readonly state: RoomState;
  /** The latest events of each chat, in seq order. */
  readonly transcript: readonly RoomEvent[];
}

/** Events kept per chat in a snapshot's transcript: what a screen shows of a long room when it opens. */
export const TRANSCRIPT_LIMIT = 300;

/** Events of the debaters' chat: speech, and the notices and moments shown in it or timed from it. */
const DEBATE_TRANSCRIPT: ReadonlySet<RoomEventType> = new Set<RoomEventType>([
  'Spoke',
  'DebateStarted',
  'DebateEnded',
  'DebaterLeft',
  'DebaterDisconnected',
  'DebaterReconnected',
  'ExitOverflow',
]);
/** Events of the observers' chat: their lines and who came to watch. */
const OBSERVER_TRANSCRIPT: ReadonlySet<RoomEventType> = new Set<RoomEventType>(['ObserverChatted', 'ObserverJoined']);

/** The snapshot before any event. */
export const EMPTY_SNAPSHOT: RoomSnapshot = { seq: 0, state: INITIAL_ROOM_STATE, transcript: [] };

/**
 * Folds the events that follow a snapshot into it (the first must carry seq `snapshot.seq + 1`).
 * Throws CorruptLogError like `replay` when they do not continue the room's history.
 */
export function advanceSnapshot(snapshot: RoomSnapshot, events: readonly RoomEvent[]): RoomSnapshot {
  if (events.length === 0) return snapshot;
  const state = replay(events, snapshot.state);
  const transcript = [...snapshot.transcript, ...events.filter(inTranscript)];
  return { seq: state.lastSeq, state, transcript: latestOfEachChat(transcript) };
}

/** The snapshot of a whole log. */
export function snapshotOf(events: readonly RoomEvent[]): RoomSnapshot {
  return advanceSnapshot(EMPTY_SNAPSHOT, events);
}

/**
 * A snapshot as one reader may see it: the state their own redacted stream folds to (others'
 * ballots without a choice, only their own stance) and the transcript redacted event by event.
 */
export function snapshotFor(snapshot: RoomSnapshot, viewer: Viewer): RoomSnapshot {
  return {
    seq: snapshot.seq,
    state: redactStateFor(snapshot.state, viewer),
    transcript: snapshot.transcript.map((e) => redactFor(e, viewer)),
  };
}

const inTranscript = (e: RoomEvent): boolean => DEBATE_TRANSCRIPT.has(e.type) || OBSERVER_TRANSCRIPT.has(e.type);

function latestOfEachChat(transcript: readonly RoomEvent[]): readonly RoomEvent[] {
  let debate = 0;
  let observers = 0;
  for (const e of transcript) {
    if (DEBATE_TRANSCRIPT.has(e.type)) debate++;
    else observers++;
  }
  if (debate <= TRANSCRIPT_LIMIT && observers <= TRANSCRIPT_LIMIT) return transcript;
  let dropDebate = Math.max(0, debate - TRANSCRIPT_LIMIT);
  let dropObservers = Math.max(0, observers - TRANSCRIPT_LIMIT);
  return transcript.filter((e) => {
    if (DEBATE_TRANSCRIPT.has(e.type)) return dropDebate-- <= 0;
    return dropObservers-- <= 0;
  });
}
