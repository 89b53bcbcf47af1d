import type { RoomEvent } from '../events/schema.js';
import type { RoomState } from '../state/room-state.js';

/** Who reads an event stream: a signed-in user, or nobody in particular. */
export type Viewer = { readonly userId: number } | null;

/**
 * An event as a given viewer may see it. Another user's ballot keeps its voter but loses its
 * choice (the secret ballot; VotingClosed carries the tally). Another viewer's stance loses both
 * who and what: with the live shares beside it, a named declaration would give the stance away.
 * Everything else is public to the room. Replaying a redacted stream gives the same phase, turns
 * and result, and only the reader's own stance.
 */
export function redactFor(event: RoomEvent, viewer: Viewer): RoomEvent {
  if (event.type === 'Voted' && event.userId !== viewer?.userId && event.choice !== null) {
    return { ...event, choice: null };
  }
  if (event.type === 'StanceDeclared' && event.userId !== viewer?.userId && event.userId !== null) {
    return { ...event, userId: null, stance: null };
  }
  return event;
}

/**
 * The one viewer who sees `event` differently from everyone else (a voter, their own ballot with
 * its choice; a viewer, their own stance), or null when the event reads the same for every
 * viewer. For any viewer other than this one, `redactFor(event, viewer)` equals `redactFor(event, null)`.
 */
export function privateReaderOf(event: RoomEvent): number | null {
  if (event.type === 'Voted') return event.choice !== null ? event.userId : null;
  if (event.type === 'StanceDeclared') return event.stance !== null ? event.userId : null;
  return null;
}

/**
 * A room state as one viewer's own redacted stream folds to it: other people's ballots keep their
 * voter but lose their choice, and only the viewer's own stance is known (no `stances` at all
 * before they declare one). A property test holds it equal to replaying `redactFor` of every event.
 */
export function redactStateFor(state: RoomState, viewer: Viewer): RoomState {
  const own = viewer === null ? undefined : String(viewer.userId);
  let redacted = state;
  if (state.vote) {
    const ballots = Object.fromEntries(
      Object.entries(state.vote.ballots).map(([voter, choice]) => [voter, voter === own ? choice : null]),
    );
    redacted = { ...redacted, vote: { ...state.vote, ballots } };
  }
  if (state.stances) {
    const { stances, ...rest } = redacted;
    const mine = own === undefined ? undefined : stances?.[own];
    redacted = mine === undefined || own === undefined ? rest : { ...rest, stances: { [own]: mine } };
  }
  return redacted;
}
