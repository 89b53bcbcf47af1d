import { memberNumberOf } from '../settings/wire-codes.js';
import type { Member, RoomState } from '../state/room-state.js';
import { isOpen } from '../state/room-state.js';
import type { Participant, RoomInfo, RoomStatus } from '../wire/rooms.js';
import { roomOutcome } from './outcome.js';

/** Finds a user's current card (nickname, picture, record); undefined when unknown. */
export type ParticipantLookup = (userId: number) => Participant | undefined;

/** The wire status of a room: the countdown already counts as DEBATE, every ending as CLOSED. */
export function roomStatus(state: RoomState): RoomStatus {
  switch (state.phase) {
    case 'unopened':
    case 'waiting':
      return 'WAITING';
    case 'starting':
    case 'debating':
      return 'DEBATE';
    case 'voting':
      return 'VOTING';
    default:
      return 'CLOSED';
  }
}

/** A card from the lookup, or one built from what the events recorded. */
export function participantOf(member: Member, lookup: ParticipantLookup): Participant {
  return (
    lookup(member.userId) ?? {
      id: member.userId,
      nickname: member.nickname,
      profileUrl: member.imageUrl,
      winNumber: 0,
      drawNumber: 0,
      defeatNumber: 0,
    }
  );
}

/** The debaters a room shows: the live seats while recruiting, the roster once it is fixed. */
export function shownDebaters(state: RoomState): { readonly PRO: readonly Member[]; readonly CON: readonly Member[] } {
  return state.roster ?? state.seats;
}

/** Room info of an opened room (null before it opens), with user cards from the lookup. */
export function roomInfo(state: RoomState, participants: ParticipantLookup): RoomInfo | null {
  if (!isOpen(state)) return null;
  const { settings } = state;
  const shown = shownDebaters(state);
  return {
    roomId: state.roomId,
    uuid: state.roomId,
    title: settings.title,
    description: settings.description,
    memberNumberType: memberNumberOf(settings.format),
    categoryType: settings.category,
    continentType: settings.continent,
    newsUrl: settings.newsUrl ?? null,
    status: roomStatus(state),
    timeType: settings.secondsPerTurn,
    speakCountType: settings.turnsPerSide,
    resultEnabled: settings.resultEnabled,
    proUsers: shown.PRO.map((m) => participantOf(m, participants)),
    conUsers: shown.CON.map((m) => participantOf(m, participants)),
    outcome: roomOutcome(state),
  };
}
