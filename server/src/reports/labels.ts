import type { ReportResult, ReportType } from './tables.js';

/** Reason labels shown in lists and notifications (docs/wire-contract.md#codes). */
export const reasonLabels: Record<ReportType, string> = {
  OBSCENITY: '음란성/선정성',
  SPAM: '스팸/광고',
  CUSS: '욕설/인신공격',
  FLOODING: '도배',
  LEAKAGE: '개인정보 노출',
  DODGE: '사유 없는 탈주',
};

/** Result labels: the client maps the four processed ones back to codes, so they are exact. */
export const resultLabels: Record<ReportResult, string> = {
  UNKNOWN: '미처리',
  WARNING: '경고',
  SUSPENSION: '일시정지',
  BAN: '영구정지',
  NONE: '처리없음',
};

/** The list's status text (exact strings the client splits tabs by). */
export const statusLabel = (result: ReportResult): '미처리' | '처리 완료' =>
  result === 'UNKNOWN' ? '미처리' : '처리 완료';

const seoul = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `yyyy-MM-dd HH:mm` in Korean time, the admin list's date format. */
export function formatSeoul(ms: number): string {
  const parts = Object.fromEntries(seoul.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
