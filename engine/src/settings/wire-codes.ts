import type { Format, SecondsPerTurn } from './codes.js';

/** Turn-time request codes (docs/wire-contract.md#codes) and their seconds. */
export const TIME_CODES = { T3: 30, T4: 40, T5: 50, T6: 60, T9: 90, T12: 120, T15: 150 } as const satisfies Record<
  string,
  SecondsPerTurn
>;
export type TimeCode = keyof typeof TIME_CODES;

/** Speak-count request codes and their turns per side. */
export const SPEAK_COUNT_CODES = { THREE: 3, FOUR: 4, FIVE: 5, SIX: 6, SEVEN: 7, EIGHT: 8, NINE: 9, TEN: 10 } as const;
export type SpeakCountCode = keyof typeof SPEAK_COUNT_CODES;

/** Member-number request codes and the seats per side they carry in room info. */
export const MEMBER_NUMBER_CODES = { T1: 1, T2: 3 } as const satisfies Record<Format, 1 | 3>;

function invert<K extends string, V extends number>(table: Record<K, V>): Map<number, K> {
  return new Map(Object.entries(table).map(([code, value]) => [value as number, code as K]));
}

const timeBySeconds = invert(TIME_CODES);
const speakCountByTurns = invert(SPEAK_COUNT_CODES);

/** The wire code (T3..T15) for seconds per turn, or undefined when not an allowed value. */
export function timeCodeOf(seconds: number): TimeCode | undefined {
  return timeBySeconds.get(seconds);
}

/** The wire code (THREE..TEN) for turns per side, or undefined when out of range. */
export function speakCountCodeOf(turns: number): SpeakCountCode | undefined {
  return speakCountByTurns.get(turns);
}

/** The number a room info carries for a format (1 or 3). */
export function memberNumberOf(format: Format): 1 | 3 {
  return MEMBER_NUMBER_CODES[format];
}
