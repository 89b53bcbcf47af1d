import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clockOffset,
  countdownSeconds,
  remainingMs,
  UNKNOWN_CLOCK,
  withDateHeader,
  withEvent,
} from '../../src/lib/live/server-clock';
import { clockSpeech, clockText, secondsLeft } from '../../src/features/debate-zone/countdown';
import { useServerNow } from '../../src/features/debate-zone/use-room';

describe('server clock offset', () => {
  it('is 0 when nothing is known', () => {
    expect(clockOffset(UNKNOWN_CLOCK)).toBe(0);
  });

  it('takes the smallest receipt − at of the events (replayed old events do not count)', () => {
    let est = withEvent(UNKNOWN_CLOCK, 1_000, 31_000); // replayed, 30 s old
    est = withEvent(est, 40_000, 42_050); // live: the browser runs ~2 s ahead
    est = withEvent(est, 50_000, 52_120);
    expect(clockOffset(est)).toBe(2_050);
  });

  it('keeps the estimate inside the Date header bounds (whole seconds)', () => {
    // The server said 10:00:00 (ms 0 of that second) while our clock read 5 000–5 100 ahead.
    const server = Date.parse('2026-11-21T10:00:00Z');
    const est = withDateHeader(UNKNOWN_CLOCK, new Date(server).toUTCString(), server + 5_000, server + 5_100);
    expect(est.low).toBe(4_000);
    expect(est.high).toBe(5_100);
    // Only a replayed event seen: its skew (60 s) is capped by the header.
    expect(clockOffset(withEvent(est, server - 55_000, server + 5_050))).toBe(5_100);
    // A live event inside the bounds wins.
    expect(clockOffset(withEvent(est, server + 400, server + 5_000))).toBe(4_600);
    // No event: the middle of the bounds.
    expect(clockOffset(est)).toBe(4_550);
  });

  it('ignores a missing or broken Date header', () => {
    expect(withDateHeader(UNKNOWN_CLOCK, null, 0, 10)).toBe(UNKNOWN_CLOCK);
    expect(withDateHeader(UNKNOWN_CLOCK, 'not a date', 0, 10)).toBe(UNKNOWN_CLOCK);
  });
});

describe('countdown to a server deadline', () => {
  const deadline = 100_000; // server ms
  it('corrects the local clock by the offset', () => {
    // Local clock 3 s ahead: local 98 000 is server 95 000, 5 s left.
    expect(remainingMs(deadline, 98_000, 3_000)).toBe(5_000);
    expect(countdownSeconds(deadline, 98_000, 3_000)).toBe(5);
  });

  it('rounds up, so the display reads 0 only at the deadline, and never goes negative', () => {
    expect(countdownSeconds(deadline, 95_001, 0)).toBe(5);
    expect(countdownSeconds(deadline, 99_999, 0)).toBe(1);
    expect(countdownSeconds(deadline, 100_000, 0)).toBe(0);
    expect(countdownSeconds(deadline, 120_000, 0)).toBe(0);
  });

  it('reads as m:ss and in Korean for screen readers', () => {
    expect(clockText(27)).toBe('0:27');
    expect(clockText(120)).toBe('2:00');
    expect(clockText(-3)).toBe('0:00');
    expect(clockSpeech(147)).toBe('2분 27초 남음');
    expect(clockSpeech(9)).toBe('9초 남음');
  });
});

describe('countdowns from the server deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never show more than the period they count down', () => {
    expect(secondsLeft(16_200, 0, 15_000)).toBe(15); // a 15 s turn never reads 0:16
    expect(secondsLeft(29_000, 0, 5_000)).toBe(5); // the start countdown is 5 at most
    expect(secondsLeft(4_200, 0, 5_000)).toBe(5);
    expect(secondsLeft(3_900, 0, 5_000)).toBe(4);
    expect(secondsLeft(1_000, 2_000, 5_000)).toBe(0);
  });

  it('read the clock from their first frame, not a value kept from before they started', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result, rerender } = renderHook(({ active }) => useServerNow(250, active), {
      initialProps: { active: false },
    });
    expect(result.current).toBe(1_000_000 - 250);
    vi.setSystemTime(1_024_000); // the room sat idle, then the countdown begins
    rerender({ active: true });
    expect(result.current).toBe(1_024_000 - 250);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(1_025_000 - 250);
  });
});
