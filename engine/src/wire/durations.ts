/**
 * Total speaking time of a room and its Korean label (docs/wire-contract.md#shapes: `timeType × speakCountType × 2`).
 */
import { SIDES } from '../settings/codes.js';

/** Speaking turns of a whole debate: each side speaks `turnsPerSide` times. */
export function debateTurns(turnsPerSide: number): number {
  return turnsPerSide * SIDES.length;
}

/** Total speaking time in seconds: every turn of both sides. */
export function speakingSeconds(secondsPerTurn: number, turnsPerSide: number): number {
  return secondsPerTurn * debateTurns(turnsPerSide);
}

/** A duration the Korean way: "3분 30초", "45초", "2분". */
export function durationLabel(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  if (minutes === 0) return `${seconds}초`;
  return seconds === 0 ? `${minutes}분` : `${minutes}분 ${seconds}초`;
}
