import type { CommandOf } from '../commands/schema.js';
import { stamp } from '../events/stamp.js';
import { roomSettingsSchema } from '../settings/settings.js';
import { DEFAULT_GRACE_SECONDS } from '../state/durations.js';
import type { RoomState } from '../state/room-state.js';
import { refused, type Decision } from './decision.js';

/**
 * Opens a room with validated settings. The time scale (1 in production) and the reconnect grace
 * are recorded in the event, so a replay never depends on configuration.
 */
export function decideOpen(state: RoomState, cmd: CommandOf<'openRoom'>): Decision {
  if (state.phase !== 'unopened') return refused('ROOM_ALREADY_OPENED');
  const settings = roomSettingsSchema.safeParse(cmd.settings);
  if (!settings.success) return refused('INVALID_SETTINGS');
  const timeScale = cmd.timeScale ?? 1;
  const graceSeconds = cmd.graceSeconds ?? DEFAULT_GRACE_SECONDS;
  if (!(timeScale > 0) || !Number.isFinite(timeScale) || !(graceSeconds >= 0) || !Number.isFinite(graceSeconds)) {
    return refused('INVALID_SETTINGS');
  }
  const events = stamp(state, cmd.now, [
    { type: 'RoomOpened', roomId: cmd.roomId, settings: settings.data, timeScale, graceSeconds },
  ]);
  return { ok: true, events };
}
