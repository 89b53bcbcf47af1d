import { formatDate } from './dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something was published, the way Korean news sites say it:
 * '방금 전', '5분 전', '3시간 전', '2일 전', then the date ('2026년 11월 21일').
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const ago = now - time;
  if (ago < MINUTE) return '방금 전';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}분 전`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}시간 전`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}일 전`;
  return formatDate(time);
}
