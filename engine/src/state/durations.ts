import type { RoomSettings } from '../settings/settings.js';
import { debateTurns } from '../wire/durations.js';

/** Base durations in production, in milliseconds (timeScale 1). */
export const START_COUNTDOWN_MS = 5_000;
export const VOTE_PAUSE_MS = 3_000;
export const VOTE_WINDOW_MS = 30_000;
export const DEFAULT_GRACE_SECONDS = 20;
/** A waiting room with a side nobody holds is abandoned this long after it opened. */
export const WAITING_LIMIT_MS = 30 * 60_000;

/** Every duration a room uses, already scaled. */
export interface Durations {
  readonly startMs: number;
  readonly turnMs: number;
  readonly votePauseMs: number;
  readonly voteWindowMs: number;
  readonly graceMs: number;
}

const scaled = (ms: number, timeScale: number): number => Math.max(1, Math.round(ms * timeScale));

/**
 * Durations of a room, from its settings and the time scale and grace recorded when it opened.
 * Everything is rounded to whole milliseconds and at least 1 ms, so a replay computes the same numbers.
 */
export function durationsOf(settings: RoomSettings, timeScale: number, graceSeconds: number): Durations {
  return {
    startMs: scaled(START_COUNTDOWN_MS, timeScale),
    turnMs: scaled(settings.secondsPerTurn * 1000, timeScale),
    votePauseMs: scaled(VOTE_PAUSE_MS, timeScale),
    voteWindowMs: scaled(VOTE_WINDOW_MS, timeScale),
    graceMs: scaled(graceSeconds * 1000, timeScale),
  };
}

/**
 * How long after opening a waiting room with an empty side is abandoned. Derived from the time scale
 * recorded at opening rather than stored in the room's durations, so older logs fold to the same state.
 */
export function waitingLimitMs(timeScale: number): number {
  return scaled(WAITING_LIMIT_MS, timeScale);
}

/** Total number of speaking turns of a room: both sides, turnsPerSide each. */
export function totalTurns(settings: Pick<RoomSettings, 'turnsPerSide'>): number {
  return debateTurns(settings.turnsPerSide);
}
