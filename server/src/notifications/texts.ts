/** Korean notification texts (wire-contract §7, reference-rules §7) and where each one leads. */

/** Shown to the followed user; the web app builds the same sentence from the follower's nickname. */
export const followText = (nickname: string): string => `${nickname}님이 회원님을 팔로우합니다.`;

/** A report against the user was processed (reason and result as their Korean labels). */
export const reportText = (reasonLabel: string, resultLabel: string): string =>
  `'${reasonLabel}' 사유로 운영자에게 '${resultLabel}' 처분을 받았습니다.`;

/** The user's room finished recruiting (wire-contract §7, exact). */
export const recruitmentText = (): string => '참가 중인 토론방의 대기가 완료되었습니다.';

const outcomeLabels = { WIN: '승리', DRAW: '무승부', LOSS: '패배' } as const;

/** The user's debate ended, with the result when the room decided one. */
export function debateEndedText(title: string, outcome: keyof typeof outcomeLabels | null): string {
  const head = outcome === null ? '참여한 토론이 끝났습니다.' : `참여한 토론이 끝났습니다: ${outcomeLabels[outcome]}`;
  return title ? `${head} (${title})` : head;
}

/** Where a click on a push (or a list item) leads. */
export const links = {
  profile: (userId: number) => `/user-page/${userId}`,
  room: (roomId: string) => `/debate-zone/${encodeURIComponent(roomId)}`,
  archivedRoom: (roomId: string) => `/archived-room/${encodeURIComponent(roomId)}`,
  home: () => '/main',
};
