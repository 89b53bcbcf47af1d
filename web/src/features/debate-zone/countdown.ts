import { countdownSeconds } from '../../lib/live/server-clock';

/** "0:27", "2:00": a countdown of whole seconds as m:ss. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** "2분 27초 남음" for screen readers. */
export function clockSpeech(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}분 ${s % 60}초 남음` : `${s}초 남음`;
}

/**
 * Whole seconds left before a server deadline at server time `serverNow`, never more than the
 * period it ends: a clock estimate still settling cannot show 0:16 on a 15 s turn or 29 on a 5 s countdown.
 */
export function secondsLeft(deadlineAt: number, serverNow: number, periodMs: number): number {
  return Math.min(countdownSeconds(deadlineAt, serverNow, 0), Math.ceil(periodMs / 1000));
}
