/** The exact Korean texts the original client matches on (docs/wire-contract.md#legacy-events), byte for byte. */
export const LEGACY_TEXTS = {
  /** Note the trailing space. */
  debateStartsSoon: '잠시 후 토론이 시작됩니다... ',
  debateStarted: '토론이 시작되었습니다.',
  proTurn: "'찬성'팀 발언이 시작되었습니다.",
  conTurn: "'반대'팀 발언이 시작되었습니다.",
  voteStartsSoon: '잠시 후 투표가 시작됩니다.',
  voteStarted: '투표가 시작되었습니다.',
  voteEnded: '투표가 종료되었습니다. 투표 결과 집계중...',
  /** Exactly this text sends the client to replay; vote rooms must add the winner to it. */
  allEnded: '토론이 모두 종료되었습니다.',
  proWon: '토론이 모두 종료되었습니다. 찬성 팀이 승리했습니다!!',
  conWon: '토론이 모두 종료되었습니다. 반대 팀이 승리했습니다!!',
  draw: '토론이 모두 종료되었습니다. 비겼습니다!!',
} as const;

/** "{nick}님이 방에 입장했습니다." */
export const joinedText = (nickname: string): string => `${nickname}님이 방에 입장했습니다.`;

/** "{nick}님이 방을 떠났습니다." */
export const leftText = (nickname: string): string => `${nickname}님이 방을 떠났습니다.`;
