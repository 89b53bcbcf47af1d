import { isTerminal } from '@toron/engine';
import type { Logger } from 'pino';
import type { CommittedBatch } from './actor.js';
import type { RoomDirectory } from './directory.js';

/**
 * What a committed batch means for the room's life (a directory listener): a room that has ended
 * leaves the live set (its timer stops, its final state joins the recently ended). Recruitment and
 * endings are logged; their notifications were written with the batch (see `writeWith`).
 */
export function roomLifecycle(directory: RoomDirectory, logger: Logger) {
  return ({ roomId, state, notices }: CommittedBatch): void => {
    if (isTerminal(state)) directory.retire(roomId, state);
    for (const n of notices) {
      if (n.kind === 'recruitment-completed')
        logger.info({ roomId, userId: n.userId, side: n.side }, 'debate recruitment completed');
      else logger.info({ roomId, userId: n.userId, outcome: n.outcome }, 'debate ended');
    }
  };
}
