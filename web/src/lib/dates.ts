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

// "2026-11-21 15:05" without an offset (the admin's report dates) is Korean time, not the viewer's.
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const toDate = (value: Date | string | number): Date | null => {
  const date =
    value instanceof Date
      ? value
      : typeof value === 'string' && ZONELESS.test(value)
        ? new Date(`${value.replace(' ', 'T')}+09:00`)
        : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The instant as an ISO string for a `<time dateTime>`, or '' when it is not a date. */
export function isoOf(value: Date | string | number): string {
  return toDate(value)?.toISOString() ?? '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened, the one way the product says it everywhere (news, notifications,
 * archives, the admin's lists): '방금 전', '5분 전', '3시간 전', '2일 전' within a week, then the
 * date ('2026년 11월 21일'). A time a little ahead of our clock reads '방금 전'.
 */
export function formatWhen(value: Date | string | number, now: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return '';
  const ago = now - date.getTime();
  if (ago < MINUTE) return '방금 전';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}분 전`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}시간 전`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}일 전`;
  return dateFormat.format(date);
}

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
