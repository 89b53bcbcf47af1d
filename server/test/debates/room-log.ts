/**
 * Rooms played through the engine for storage tests: each command executed at its time, the log
 * and the state after every batch kept, so a test can store them as the actor would.
 */
import { randomUUID } from 'node:crypto';
import {
  execute,
  INITIAL_ROOM_STATE,
  replay,
  type Command,
  type RoomEvent,
  type RoomSettingsInput,
  type RoomState,
} from '@toron/engine';
import { loadConfig } from '../../src/config.js';
import { roomLimits, type RoomLimits } from '../../src/debates/room-limits.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A directory's room limits as configured by default (a fresh count each call). */
export const defaultRoomLimits = (): RoomLimits => roomLimits(loadConfig({}).rateLimits);

/** A member as commands name them. */
export const member = (userId: number, nickname = `회원${userId}`) => ({ userId, nickname, imageUrl: null });

export const SETTINGS: RoomSettingsInput = {
  title: '기본소득 도입',
  description: '찬반 토론',
  continent: 'KR',
  category: 'PO',
  format: 'T1',
  secondsPerTurn: 30,
  turnsPerSide: 3,
  resultEnabled: true,
  creatorId: 1,
};

export interface Batch {
  readonly before: RoomState;
  readonly events: readonly RoomEvent[];
  readonly after: RoomState;
}

/** A room opened at `at` with the settings, then every command (each executed 1 s after the last). */
export function playRoom(
  commands: readonly DistributiveOmit<Command, 'now'>[],
  settings: Partial<RoomSettingsInput> = {},
  at = Date.UTC(2025, 0, 1),
): { roomId: string; batches: Batch[]; log: RoomEvent[]; state: RoomState } {
  const roomId = randomUUID();
  let state = INITIAL_ROOM_STATE;
  const batches: Batch[] = [];
  const all: DistributiveOmit<Command, 'now'>[] = [
    { type: 'openRoom', roomId, settings: { ...SETTINGS, ...settings } },
    ...commands,
  ];
  all.forEach((command, i) => {
    const execution = execute(state, { ...command, now: at + i * 1000 });
    if (execution.rejection) throw new Error(`${command.type} refused: ${execution.rejection.code}`);
    const after = replay(execution.events, state);
    batches.push({ before: state, events: execution.events, after });
    state = after;
  });
  return { roomId, batches, log: batches.flatMap((b) => b.events), state };
}
