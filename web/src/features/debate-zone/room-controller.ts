/**
 * The rules of a live room page, as plain functions: what to send on every (re)connection, what
 * each reply and each event means for the user, whether the debaters' cards must be loaded again,
 * and what each intent sends. `useRoomController` runs what they decide.
 */
import {
  hasVoted,
  isOpen,
  seatOf,
  shownDebaters,
  totalTurns,
  type NativeCommand,
  type NativeReply,
  type RoomEvent,
  type RoomInfo,
  type RoomState,
  type Side,
  type VoteChoice,
} from '@toron/engine';
import { announcementOf } from './announce';
import { cardsById } from './room-api';

export type Role = 'debater' | 'observer';

export const ALREADY_VOTED_NOTICE = '이미 투표권을 행사하셨습니다';
export const CLOSED_ROOM_NOTICE = '이미 완료된 토론 방입니다';
export const GRACE_EXPIRED_NOTICE = '연결이 오래 끊겨 토론에서 나가게 되었어요.';
/** Events older than this (server time) are replayed history: nothing is read out or shown for them. */
export const LIVE_MS = 5_000;

/** The two chat commands: a debater's speech and the observers' chat. */
export type ChatCommand = 'speak' | 'observer-chat';

/** What the user is told, and whether the page sends them back to the room list. */
export interface Outcome {
  readonly toast?: { readonly text: string; readonly tone: 'info' | 'error' };
  /** A refused chat message: said once next to its input, which gets the text back. */
  readonly chatRefused?: { readonly command: ChatCommand; readonly message: string };
  readonly backToRooms?: boolean;
  /** What the live region reads out. */
  readonly announce?: string;
  /** The room is between nodes for a moment (its node went away): take the place again after this long. */
  readonly retryPlaceInMs?: number;
}

/**
 * Waits before taking a place again after each ROOM_UNAVAILABLE in a row: the room's takeover
 * comes within seconds, and the server already waits for it before it refuses. Past the last, the
 * user is sent back to the room list.
 */
export const PLACE_RETRY_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

/** What the page learns from the room info it loads on arrival. */
export interface Arrival {
  /** The room had already ended: the page shows it and joins nothing. */
  readonly closed: boolean;
  /** The side the user already holds a seat on (a debater coming back). */
  readonly seatedSide: Side | null;
}

/** What the room info says about this user and room when the page opens. */
export function arrivalOf(info: RoomInfo, me: number | null): Arrival {
  const on = (users: RoomInfo['proUsers']) => me !== null && users.some((u) => u.id === me);
  return {
    closed: info.status === 'CLOSED',
    seatedSide: on(info.proUsers) ? 'PRO' : on(info.conUsers) ? 'CON' : null,
  };
}

/** Arriving in an ended room is said once; otherwise nothing. */
export function arrivalOutcome(arrival: Arrival): Outcome | null {
  return arrival.closed ? { toast: { text: CLOSED_ROOM_NOTICE, tone: 'info' } } : null;
}

/**
 * What to send each time the stream is subscribed again: an observer observes; a debater takes
 * back the seat the room says they hold, else asks for the side they chose; an ended room, nothing.
 */
export function connectCommand(p: {
  readonly role: Role;
  readonly closedOnArrival: boolean;
  readonly me: number | null;
  readonly state: RoomState;
  readonly wanted: Side | null;
}): NativeCommand | null {
  if (p.closedOnArrival) return null;
  if (p.role === 'observer') return { command: 'observe' };
  const side = (p.me !== null ? seatOf(p.state, p.me)?.side : undefined) ?? p.wanted;
  return side ? { command: 'join', body: { side } } : null;
}

/**
 * What a reply means: an ended room is said as such; a refused join or observe sends the user back
 * to the room list, unless the room is only unavailable for a moment (`placeRetries`: how many
 * times in a row the place was taken again for that), when the place is taken again a little
 * later; a second ballot gets the product's notice; a refused chat message (its rate limit, most
 * often) is said next to its input; any other refusal is shown, except a refused leave (the user is
 * leaving anyway).
 */
export function replyOutcome(reply: NativeReply, placeRetries = 0): Outcome | null {
  if (reply.ok) return null;
  if (reply.code === 'ROOM_CLOSED') return { toast: { text: CLOSED_ROOM_NOTICE, tone: 'info' } };
  if (reply.command === 'join' || reply.command === 'observe') {
    const retryPlaceInMs = reply.code === 'ROOM_UNAVAILABLE' ? PLACE_RETRY_MS[placeRetries] : undefined;
    if (retryPlaceInMs !== undefined) return { retryPlaceInMs };
    return { toast: { text: reply.message, tone: 'error' }, backToRooms: true };
  }
  if (reply.code === 'ALREADY_VOTED') return { toast: { text: ALREADY_VOTED_NOTICE, tone: 'info' } };
  if (reply.command === 'speak' || reply.command === 'observer-chat') {
    return { chatRefused: { command: reply.command, message: reply.message } };
  }
  if (reply.command === 'leave' || reply.command === 'unobserve') return null;
  return { toast: { text: reply.message, tone: 'error' } };
}

/**
 * What a live event means (`state` is the room after it, `serverNow` the server's clock): the
 * live region reads it out, and a debater whose grace ran out is told and sent to the room list.
 * Replayed history says nothing.
 */
export function eventOutcome(
  event: RoomEvent,
  p: { readonly role: Role; readonly me: number | null; readonly state: RoomState; readonly serverNow: number },
): Outcome | null {
  if (p.serverNow - event.at > LIVE_MS) return null;
  const announce = announcementOf(event, isOpen(p.state) ? totalTurns(p.state.settings) : 0) ?? undefined;
  const dropped =
    p.role === 'debater' && event.type === 'DebaterLeft' && event.userId === p.me && event.reason === 'grace-expired';
  if (dropped) return { announce, toast: { text: GRACE_EXPIRED_NOTICE, tone: 'error' }, backToRooms: true };
  return announce === undefined ? null : { announce };
}

/** The people at the table, as a key that changes when someone sits down or the roster is fixed. */
export function tableKey(state: RoomState): string {
  const shown = shownDebaters(state);
  return [...shown.PRO, ...shown.CON].map((m) => m.userId).join(',');
}

/** New faces at the table have no card yet: the room info (records included) must be loaded again. */
export function needsCards(info: RoomInfo, state: RoomState): boolean {
  const known = cardsById(info);
  const shown = shownDebaters(state);
  return [...shown.PRO, ...shown.CON].some((m) => !known.has(m.userId));
}

/** A ballot: sent once; a second one is refused here with the product's notice. */
export function voteIntent(
  state: RoomState,
  me: number | null,
  choice: VoteChoice,
): { readonly send: NativeCommand } | Outcome {
  if (me !== null && hasVoted(state, me)) return { toast: { text: ALREADY_VOTED_NOTICE, tone: 'info' } };
  return { send: { command: 'vote', body: { choice } } };
}

/** Leaving the room for good: a debater gives the seat up, an observer stops observing. */
export function leaveCommand(role: Role): NativeCommand {
  return role === 'debater' ? { command: 'leave' } : { command: 'unobserve' };
}

/** The side the user holds a seat on now, or null. */
export function mySideOf(state: RoomState, me: number | null): Side | null {
  return me === null ? null : (seatOf(state, me)?.side ?? null);
}

/** Whether the screen shows a running clock (countdown, turn, vote, the exit spinner). */
export function isTicking(state: RoomState): boolean {
  return ['starting', 'debating', 'voting', 'exitOverflow'].includes(state.phase);
}
