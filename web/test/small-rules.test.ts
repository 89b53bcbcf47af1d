import { describe, expect, it } from 'vitest';
import { isNewUserNickname } from '../src/lib/session';
import { createThrottle } from '../src/lib/throttle';
import { pageWindow, pageCount, pageSlice } from '../src/ui/pager-window';
import { breakMessage } from '../src/features/auth/break-message';
import { formatDate, formatDateTime, formatTime, formatWhen, isoOf } from '../src/lib/dates';
import { blankProfileField, changedProfileForm } from '../src/features/user-page/profile-form';

describe('new-user nickname', () => {
  it('flags the provider prefixes followed by anything, after trimming', () => {
    expect(isNewUserNickname('GOOGLE_1234')).toBe(true);
    expect(isNewUserNickname('KAKAO_abc')).toBe(true);
    expect(isNewUserNickname('  KAKAO_x  ')).toBe(true);
    expect(isNewUserNickname('GOOGLE_')).toBe(false);
    expect(isNewUserNickname('google_1')).toBe(false);
    expect(isNewUserNickname('NAVER_1')).toBe(false);
    expect(isNewUserNickname('김토론')).toBe(false);
  });
});

describe('follow throttle', () => {
  it('lets one click through per 1000 ms', () => {
    let now = 10_000;
    const allow = createThrottle(1000, () => now);
    expect(allow()).toBe(true);
    now += 400;
    expect(allow()).toBe(false);
    now += 599;
    expect(allow()).toBe(false);
    now += 1;
    expect(allow()).toBe(true);
    expect(allow()).toBe(false);
  });
});

describe('pager window', () => {
  it('shows up to five pages around the current one', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(42, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('slices six items per page', () => {
    const items = Array.from({ length: 14 }, (_, i) => i);
    expect(pageCount(items.length, 6)).toBe(3);
    expect(pageSlice(items, 3, 6)).toEqual([12, 13]);
  });
});

describe('sign-in failure message', () => {
  it('breaks long messages after sentence punctuation only', () => {
    expect(breakMessage('짧은 오류입니다.')).toBe('짧은 오류입니다.');
    expect(breakMessage('계정이 일시정지되었습니다. 3일 후에 다시 로그인할 수 있습니다! 문의해 주세요?')).toBe(
      '계정이 일시정지되었습니다.\n3일 후에 다시 로그인할 수 있습니다!\n문의해 주세요?',
    );
  });
});

describe('Korean dates', () => {
  it('formats dates and times in Korean time', () => {
    expect(formatDate('2026-11-21T06:05:00Z')).toBe('2026년 11월 21일');
    expect(formatTime('2026-11-21T06:05:00Z')).toBe('오후 3:05');
    expect(formatDateTime('2026-11-21T06:05:00Z')).toBe('2026년 11월 21일 오후 3:05');
    expect(formatDate('not a date')).toBe('');
  });

  it('one way to say when: how long ago within a week, then the date', () => {
    const now = Date.UTC(2026, 10, 21, 12);
    expect(formatWhen(now - 20_000, now)).toBe('방금 전');
    expect(formatWhen(now + 5_000, now)).toBe('방금 전');
    expect(formatWhen(now - 5 * 60_000, now)).toBe('5분 전');
    expect(formatWhen(now - 3 * 3_600_000, now)).toBe('3시간 전');
    expect(formatWhen(now - 2 * 86_400_000, now)).toBe('2일 전');
    expect(formatWhen(now - 6 * 86_400_000 - 3_600_000, now)).toBe('6일 전');
    expect(formatWhen(now - 7 * 86_400_000, now)).toBe('2026년 11월 14일');
    expect(formatWhen(Date.UTC(2026, 9, 1, 3), now)).toBe('2026년 10월 1일');
    expect(formatWhen('not a date', now)).toBe('');
  });

  it("reads the admin list's zone-less dates (yyyy-MM-dd HH:mm) as Korean time", () => {
    // 21:05 in Seoul is 12:05 UTC: five minutes before `now`, whatever the viewer's own zone.
    const now = Date.UTC(2026, 10, 21, 12, 10);
    expect(formatWhen('2026-11-21 21:05', now)).toBe('5분 전');
    expect(isoOf('2026-11-21 21:05')).toBe('2026-11-21T12:05:00.000Z');
    expect(formatDateTime('2026-11-21 21:05')).toBe('2026년 11월 21일 오후 9:05');
    expect(isoOf('2026-11-21T21:05:00Z')).toBe('2026-11-21T21:05:00.000Z');
  });
});

describe('profile update form', () => {
  const original = { nickname: '김토론', introduction: '안녕하세요', newsListsPrivate: false };
  const unchanged = { nickname: '김토론', introduction: '안녕하세요', file: null, newsListsPrivate: false };
  it('is null when nothing changed', () => {
    expect(changedProfileForm(original, unchanged)).toBeNull();
  });
  it('carries only the changed, non-empty parts', () => {
    const form = changedProfileForm(original, { ...unchanged, nickname: '박토론', introduction: '' });
    expect(form && [...form.keys()]).toEqual(['nickname']);
    const withFile = changedProfileForm(original, {
      ...unchanged,
      introduction: '새 소개',
      file: new File(['x'], 'a.png', { type: 'image/png' }),
    });
    expect(withFile && [...withFile.keys()].sort()).toEqual(['file', 'introduction']);
  });
  it('cannot empty the nickname or the introduction, and says which', () => {
    expect(blankProfileField(unchanged)).toBeNull();
    expect(blankProfileField({ ...unchanged, nickname: ' \u3000 ' })).toEqual({
      field: 'nickname',
      message: '닉네임을 입력해주세요.',
    });
    expect(blankProfileField({ ...unchanged, introduction: '  ' })).toEqual({
      field: 'introduction',
      message: '한 줄 소개를 입력해주세요.',
    });
  });
  it('carries the news lists privacy only when it changed, as "true" or "false"', () => {
    expect(changedProfileForm(original, { ...unchanged, newsListsPrivate: true })?.get('newsListsPrivate')).toBe(
      'true',
    );
    const back = changedProfileForm({ ...original, newsListsPrivate: true }, unchanged);
    expect(back && [...back.entries()]).toEqual([['newsListsPrivate', 'false']]);
  });
});
