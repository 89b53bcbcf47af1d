const TIME_ZONE = 'Asia/Seoul';

const dateFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
const weekdayFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: TIME_ZONE, weekday: 'long' });

const toDate = (value: Date | string | number): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "2026년 11월 21일" in Korean time. */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** "오후 3:05" in Korean time. */
export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** "2026년 11월 21일 오후 3:05". */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : '';
}

/** "토요일". */
export function formatWeekday(value: Date | string | number): string {
  const date = toDate(value);
  return date ? weekdayFormat.format(date) : '';
}

/** Durations the Korean way: "3분 30초", "45초", "2분". */
export function formatDuration(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  if (minutes === 0) return `${seconds}초`;
  return seconds === 0 ? `${minutes}분` : `${minutes}분 ${seconds}초`;
}
