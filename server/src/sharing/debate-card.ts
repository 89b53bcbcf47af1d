import {
  CATEGORY_LABELS,
  CONTINENT_LABELS,
  POSITION_LABELS,
  isOpen,
  roomInfo,
  votePercents,
  type ParticipantLookup,
  type RoomOutcome,
  type RoomState,
  type Side,
  type VotePercents,
} from '@toron/engine';

/** Where a room stands, as a card says it. */
type DebateStage = 'recruiting' | 'live' | 'voting' | 'ended';

/** How an ended room ended, in public terms: the vote's shares, never a ballot. */
type DebateOutcome = Omit<RoomOutcome, 'tally' | 'endedAt'> & { readonly percents: VotePercents | null };

/** The side the audience moved towards during the debate, in percentage points. */
export interface RoomSwing {
  readonly side: Side;
  readonly points: number;
}

/** Everything a debate's link preview shows: its tags and its picture are both made from this. */
export interface DebateCard {
  readonly roomId: string;
  readonly title: string;
  readonly description: string;
  /** 정치 · 한국 · 1:1 */
  readonly tags: readonly string[];
  readonly pro: readonly string[];
  readonly con: readonly string[];
  readonly stage: DebateStage;
  readonly outcome: DebateOutcome | null;
  /** The swing slot: filled when the room measured its audience's stances, absent otherwise. */
  readonly swing?: RoomSwing;
}

const stageOf = (state: RoomState): DebateStage => {
  switch (state.phase) {
    case 'unopened':
    case 'waiting':
      return 'recruiting';
    case 'starting':
    case 'debating':
      return 'live';
    case 'voting':
      return 'voting';
    default:
      return 'ended';
  }
};

const outcomeOf = ({ ending, winner, tally }: RoomOutcome): DebateOutcome => ({
  ending,
  winner,
  percents: tally && votePercents(tally),
});

/**
 * The card of an opened room (null before it opens): title, description and tags from its
 * settings, debaters under their current nicknames, its stage and, once ended, its outcome.
 */
export function debateCardOf(state: RoomState, people: ParticipantLookup): DebateCard | null {
  const info = roomInfo(state, people);
  if (!info || !isOpen(state)) return null;
  return {
    roomId: state.roomId,
    title: info.title,
    description: info.description,
    tags: [
      CATEGORY_LABELS[state.settings.category],
      CONTINENT_LABELS[state.settings.continent],
      state.settings.format === 'T1' ? '1:1 토론' : '3:3 토론',
    ],
    pro: info.proUsers.map((u) => u.nickname),
    con: info.conUsers.map((u) => u.nickname),
    stage: stageOf(state),
    outcome: info.outcome && outcomeOf(info.outcome),
  };
}

const sideWord = (side: Side) => `${POSITION_LABELS[side]} 측`;

/** The one-line state of a debate: live status, or how it ended. */
export function stageText(card: DebateCard): string {
  if (card.stage === 'recruiting') return '토론자 모집 중';
  if (card.stage === 'live') return '토론 진행 중';
  if (card.stage === 'voting') return '투표 진행 중';
  const { ending, winner } = card.outcome ?? { ending: 'COMPLETED', winner: null };
  if ((ending === 'VOTE' || ending === 'WALKOVER') && winner !== null)
    return winner === 'DRAW' ? '무승부' : `${sideWord(winner)} ${ending === 'VOTE' ? '승리' : '부전승'}`;
  if (ending === 'STOPPED') return '토론자가 나가 끝난 토론';
  if (ending === 'CANCELLED') return '열리지 못한 토론';
  return '토론 종료 · 승패 없음';
}

/** 찬성 +12%p: the swing as a card states it. */
export function swingText(swing: RoomSwing): string {
  return `${POSITION_LABELS[swing.side]} ${swing.points >= 0 ? '+' : '−'}${Math.abs(swing.points)}%p`;
}

/** The debaters of a side as one line; an empty side says it is still open. */
export function sideLine(names: readonly string[]): string {
  return names.length === 0 ? '모집 중' : names.join(', ');
}

/** The vote's shares of an ended room, when anyone voted. */
export const voteShares = (card: DebateCard): VotePercents | null =>
  card.outcome?.percents?.total ? card.outcome.percents : null;

/** 찬성 75% · 반대 25% · 기권 0% */
export const sharesText = ({ pro, con, abstain }: VotePercents): string =>
  `${POSITION_LABELS.PRO} ${pro}% · ${POSITION_LABELS.CON} ${con}% · ${POSITION_LABELS.NO_POSITION} ${abstain}%`;
