import { formatDate, formatWeekday } from '../../lib/dates';

/** The home title: the date in Korea, '2026년 11월 21일 토요일'. */
export const homeDateTitle = (now: Date | number): string => `${formatDate(now)} ${formatWeekday(now)}`;
