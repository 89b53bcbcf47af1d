/**
 * The look of a <details> summary that reads as a link (랭킹은 이렇게 정해져요, 기록 보기). The padding makes
 * the 20 px line a 44 px touch target; the summary stays a list item so its disclosure triangle shows.
 */
export const DISCLOSURE_SUMMARY =
  'cursor-pointer select-none py-3 font-semibold text-brand underline-offset-4 hover:underline';
