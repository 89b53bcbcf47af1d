import { isTerminal, roomOutcome } from '@toron/engine';
import type { EventBus } from '../events.js';
import type { CommittedBatch } from './actor.js';
import type { RoomDirectory } from './directory.js';

/**
 * What a committed batch means for the room's life (a directory listener): a room that has ended
 * leaves the live set (its timer stops, its final state joins the recently ended), and the
 * batch's notices (recruitment completed, debate ended) reach other features as domain events.
 */
export function roomLifecycle(directory: RoomDirectory, events: EventBus) {
  return ({ roomId, state, notices }: CommittedBatch): void => {
    if (isTerminal(state)) directory.retire(roomId, state);
    const title = state.settings?.title ?? '';
    const at = new Date(state.lastAt);
    const ended = roomOutcome(state);
    for (const n of notices) {
      if (n.kind === 'recruitment-completed')
        events.emit('recruitment-completed', { roomId, title, userId: n.userId, side: n.side, present: n.present, at });
      else if (ended) {
        const { ending, tally } = ended;
        events.emit('debate-ended', { roomId, title, userId: n.userId, outcome: n.outcome, ending, tally, at });
      }
    }
  };
}
