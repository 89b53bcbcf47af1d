import type { Side, VoteChoice } from '../settings/codes.js';
import type { VoteTally } from '../wire/rooms.js';
import type { RoomState } from './room-state.js';

/** Counts ballots; hidden (redacted) ballots are not counted. */
export function countBallots(ballots: Readonly<Record<string, VoteChoice | null>>): VoteTally {
  let agreeNumber = 0;
  let disagreeNumber = 0;
  let neutralNumber = 0;
  for (const choice of Object.values(ballots)) {
    if (choice === 'PRO') agreeNumber++;
    else if (choice === 'CON') disagreeNumber++;
    else if (choice === 'NO_POSITION') neutralNumber++;
  }
  return { agreeNumber, disagreeNumber, neutralNumber };
}

/** Whether the user has cast a ballot in this room. */
export function hasVoted(state: RoomState, userId: number): boolean {
  return state.vote !== null && String(userId) in state.vote.ballots;
}

/** More PRO votes: PRO wins; more CON: CON wins; equal (0–0 included): a draw. Abstentions are ignored. */
export function outcomeOf(tally: VoteTally): Side | 'DRAW' {
  if (tally.agreeNumber > tally.disagreeNumber) return 'PRO';
  if (tally.disagreeNumber > tally.agreeNumber) return 'CON';
  return 'DRAW';
}

/**
 * The vote tally of a room, in the shape of docs/wire-contract.md#shapes: the final counts once closed,
 * the running count while voting, zeros otherwise.
 */
export function voteTally(state: RoomState): VoteTally {
  if (state.result?.kind === 'vote') return state.result.tally;
  return state.vote ? countBallots(state.vote.ballots) : { agreeNumber: 0, disagreeNumber: 0, neutralNumber: 0 };
}

/** Rounded percentages of a tally, with the number of ballots behind them. */
export interface VotePercents {
  readonly pro: number;
  readonly con: number;
  readonly abstain: number;
  readonly total: number;
}

/** Rounded percentages of a tally (docs/product-rules.md#results); all 0 when nobody voted. */
export function votePercents(tally: VoteTally): VotePercents {
  const total = tally.agreeNumber + tally.disagreeNumber + tally.neutralNumber;
  const pct = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return { pro: pct(tally.agreeNumber), con: pct(tally.disagreeNumber), abstain: pct(tally.neutralNumber), total };
}
