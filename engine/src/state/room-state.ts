import type { Side, Stance, VoteChoice } from '../settings/codes.js';
import type { RoomSettings } from '../settings/settings.js';
import type { VoteTally } from '../wire/rooms.js';
import type { Durations } from './durations.js';

/** Phases of a room: the states of the room machine. */
export const PHASES = [
  'unopened',
  'waiting',
  'starting',
  'debating',
  'voting',
  'closed',
  'wonByDefault',
  'exitOverflow',
  'abandoned',
] as const;
export type Phase = (typeof PHASES)[number];

/** Phases after which nothing can happen any more. */
export const TERMINAL_PHASES: ReadonlySet<Phase> = new Set(['closed', 'wonByDefault', 'exitOverflow', 'abandoned']);

/** A person as events and projections know them. */
export interface Member {
  readonly userId: number;
  readonly nickname: string;
  readonly imageUrl: string | null;
}

/** A debater's seat; graceEndsAt is set while the socket is gone. */
export interface Seat extends Member {
  readonly graceEndsAt: number | null;
}

/** Something per side. */
export interface BySide<T> {
  readonly PRO: T;
  readonly CON: T;
}

/** The turn being spoken now. */
export interface Turn {
  readonly index: number;
  readonly side: Side;
  readonly endsAt: number;
}

/** A ballot box; a null choice is a ballot whose content was redacted for this viewer. */
export interface VoteBox {
  readonly open: boolean;
  readonly opensAt: number;
  readonly closesAt: number | null;
  readonly ballots: Readonly<Record<string, VoteChoice | null>>;
}

/** How a room ended with a result. */
export type RoomResult =
  | { readonly kind: 'vote'; readonly outcome: Side | 'DRAW'; readonly tally: VoteTally }
  | { readonly kind: 'walkover'; readonly winner: Side };

/** The state of one room: a plain JSON value, folded from its events. */
export interface RoomState {
  readonly phase: Phase;
  readonly roomId: string;
  readonly settings: RoomSettings | null;
  readonly timeScale: number;
  readonly durations: Durations | null;
  readonly openedAt: number;
  readonly lastSeq: number;
  readonly lastAt: number;
  /** Who holds a seat now (live, disconnected ones included). */
  readonly seats: BySide<readonly Seat[]>;
  /** Everyone seated when recruitment completed, leavers included; null before. */
  readonly roster: BySide<readonly Member[]> | null;
  readonly observers: readonly Member[];
  /** Every user who ever observed this room (they may vote). */
  readonly audience: readonly number[];
  readonly peakObservers: number;
  readonly startsAt: number | null;
  readonly turn: Turn | null;
  readonly vote: VoteBox | null;
  readonly result: RoomResult | null;
  readonly messageCount: number;
  readonly observerMessageCount: number;
  /**
   * Each viewer's latest declared stance, by user id (only the reader's own in a redacted stream).
   * Absent until the first declaration, so a log without stances folds to the state it always did.
   */
  readonly stances?: Readonly<Record<string, Stance>>;
}

/** A room that has been opened: its settings and durations are known. */
export interface OpenRoomState extends RoomState {
  readonly settings: RoomSettings;
  readonly durations: Durations;
}

/** The state before any event: an unopened room. */
export const INITIAL_ROOM_STATE: RoomState = {
  phase: 'unopened',
  roomId: '',
  settings: null,
  timeScale: 1,
  durations: null,
  openedAt: 0,
  lastSeq: 0,
  lastAt: 0,
  seats: { PRO: [], CON: [] },
  roster: null,
  observers: [],
  audience: [],
  peakObservers: 0,
  startsAt: null,
  turn: null,
  vote: null,
  result: null,
  messageCount: 0,
  observerMessageCount: 0,
};

/** Whether the room has been opened. */
export function isOpen(state: RoomState): state is OpenRoomState {
  return state.settings !== null && state.durations !== null;
}

/** Whether the room has ended for good. */
export function isTerminal(state: RoomState): boolean {
  return TERMINAL_PHASES.has(state.phase);
}
