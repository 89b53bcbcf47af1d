import { isTerminal, type Actor, type VoteChoice, type VoteTally } from '@toron/engine';
import { refusal } from './refusals.js';
import type { RoomService } from './room-service.js';
import type { DebateRuntime } from './runtime.js';

const NO_VOTES: VoteTally = { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 };

/** Ballots (D6) and the result (D7). */
export function createVoteService(runtime: DebateRuntime, rooms: RoomService) {
  return {
    /** Casts the caller's ballot: once, inside the window, by a roster debater or an observer of the room. */
    async vote(actor: Actor, roomId: string, choice: VoteChoice): Promise<void> {
      await rooms.stateOf(roomId);
      const execution = await runtime.directory.dispatch(roomId, { type: 'vote', actor, choice });
      if (execution.rejection) throw refusal(execution.rejection);
    },

    /** The final counts once the room closed after its vote; zeros before (ballots stay secret while voting). */
    async tally(roomId: string): Promise<VoteTally> {
      const state = await rooms.stateOf(roomId);
      return isTerminal(state) && state.result?.kind === 'vote' ? state.result.tally : NO_VOTES;
    },
  };
}
