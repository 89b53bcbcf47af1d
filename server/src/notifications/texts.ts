import type { RoomEnding, VoteTally } from '@toron/engine';

/** Korean notification texts (docs/product-rules.md#notifications) and where each one leads. */

/** Shown to the followed user; the web app builds the same sentence from the follower's nickname. */
export const followText = (nickname: string): string => `${nickname}님이 회원님을 팔로우합니다.`;

/** A report against the user was processed (reason and result as their Korean labels). */
export const reportText = (reasonLabel: string, resultLabel: string): string =>
  `'${reasonLabel}' 사유로 운영자에게 '${resultLabel}' 처분을 받았습니다.`;

/** The user's room finished recruiting (the exact text the original client knows). */
export const recruitmentText = (): string => '참가 중인 토론방의 대기가 완료되었습니다.';

/**
 * The user's debate ended: what it gave them and how (the vote with its counts, a walkover), or
 * that it ended without a result.
 */
export function debateEndedText(
  title: string,
  outcome: 'WIN' | 'DRAW' | 'LOSS' | null,
  ending: RoomEnding,
  tally: VoteTally | null,
): string {
  const debate = title ? `'${title}' 토론` : '참여한 토론';
  const votes = tally
    ? ` (찬성 ${tally.agreeNumber} · 반대 ${tally.disagreeNumber} · 기권 ${tally.neutralNumber})`
    : '';
  if (ending === 'WALKOVER' && outcome === 'WIN') return `${debate}에서 부전승했습니다. 상대 측이 토론을 떠났어요.`;
  if (ending === 'WALKOVER' && outcome === 'LOSS') return `${debate}에서 부전패했습니다.`;
  if (outcome === 'WIN') return `${debate}에서 승리했습니다${votes}`;
  if (outcome === 'LOSS') return `${debate}에서 패배했습니다${votes}`;
  if (outcome === 'DRAW') return `${debate}이 무승부로 끝났습니다${votes}`;
  if (ending === 'STOPPED') return `${debate}이 한 측 토론자가 나가 결과 없이 끝났습니다.`;
  return `${debate}이 끝났습니다. 지난 토론 내역을 확인해보세요.`;
}

/** Where a click on a push (or a list item) leads. */
export const links = {
  profile: (userId: number) => `/user-page/${userId}`,
  room: (roomId: string) => `/debate-zone/${encodeURIComponent(roomId)}`,
  archivedRoom: (roomId: string) => `/archived-room/${encodeURIComponent(roomId)}`,
  home: () => '/main',
};
