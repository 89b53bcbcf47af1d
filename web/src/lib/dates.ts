const TIME_ZONE = 'Asia/Seoul';

const dateFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
// 24-hour parts, worded by hand: some ICU builds print "PM" even for ko-KR.
const clockFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
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
  return date ? koreanClock(date) : '';
}

function koreanClock(date: Date): string {
  const parts = clockFormat.formatToParts(date);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hour < 12 ? '오전' : '오후'} ${hour % 12 === 0 ? 12 : hour % 12}:${minute}`;
}

/** "2026년 11월 21일 오후 3:05". */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${dateFormat.format(date)} ${koreanClock(date)}` : '';
}

/** "토요일". */
export function formatWeekday(value: Date | string | number): string {
  const date = toDate(value);
  return date ? weekdayFormat.format(date) : '';
}
