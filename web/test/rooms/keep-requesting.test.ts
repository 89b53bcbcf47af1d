import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepRequesting } from '../../src/features/debate-rooms/live-rooms';

// A stand-in for the live connection: the test decides when it connects and whether sends go out.
function fakeConnection() {
  const listeners = new Set<() => void>();
  const sent: number[] = [];
  let connected = false;
  return {
    sent,
    connect() {
      connected = true;
      listeners.forEach((l) => l());
    },
    lose() {
      connected = false;
    },
    publish: (destination: string, body: unknown) => {
      expect(destination).toBe('/app/filteredUpdate');
      expect(body).toEqual({ message: '최신 토론방 요청' });
      if (connected) sent.push(Date.now());
      return connected;
    },
    onConnected(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('room-list refresh requests', () => {
  it('asks 500 ms after connecting, then every 5 s, with one timer', () => {
    const conn = fakeConnection();
    const stop = keepRequesting(conn);
    vi.advanceTimersByTime(10_000);
    expect(conn.sent).toEqual([]);
    conn.connect();
    vi.advanceTimersByTime(499);
    expect(conn.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(conn.sent).toEqual([10_500]);
    vi.advanceTimersByTime(10_000);
    expect(conn.sent).toEqual([10_500, 15_500, 20_500]);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(20_000);
    expect(conn.sent).toHaveLength(3);
  });

  it('stops while disconnected and starts over after a reconnect, never piling timers up', () => {
    const conn = fakeConnection();
    const stop = keepRequesting(conn);
    conn.connect();
    vi.advanceTimersByTime(500);
    conn.lose();
    vi.advanceTimersByTime(20_000);
    expect(conn.sent).toEqual([500]);
    expect(vi.getTimerCount()).toBe(0);
    conn.connect();
    conn.connect();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(500);
    expect(conn.sent).toEqual([500, 21_000]);
    stop();
  });
});
