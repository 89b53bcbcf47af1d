import { describe, expect, it } from 'vitest';
import { nextDeadline, replay, WAITING_LIMIT_MS } from '../../src/index.js';
import { cmd, given, history, T0 } from '../support/dsl.js';

const EXPIRY = T0 + WAITING_LIMIT_MS;
const threeOnThree = { format: 'T2' as const };

describe('a waiting room with nobody on the other side', () => {
  it('is abandoned when the waiting limit after opening has passed, stamped with that time', () => {
    const past = history(cmd.open(), cmd.join(1, 'PRO'));
    given(past)
      .when(cmd.tick(EXPIRY - 1))
      .then([]);
    const after = given(past)
      .when(cmd.tick(EXPIRY + 3_600_000))
      .then([{ type: 'RoomAbandoned' }]);
    expect(after.map((e) => e.at)).toEqual([EXPIRY]);
    expect(replay([...past, ...after]).phase).toBe('abandoned');
  });

  it('expires a room that nobody ever joined, too', () => {
    given(history(cmd.open()))
      .when(cmd.tick(EXPIRY))
      .then([{ type: 'RoomAbandoned' }]);
  });

  it('has no expiry while both sides have someone; a side that empties after the limit ends it at once', () => {
    const both = history(cmd.open(threeOnThree), cmd.join(1, 'PRO'), cmd.join(2, 'CON'));
    expect(nextDeadline(replay(both))).toBeNull();
    given(both)
      .when(cmd.tick(EXPIRY + 1))
      .then([]);
    const emptied = history(cmd.open(threeOnThree), cmd.join(1, 'PRO'), cmd.join(2, 'CON'), cmd.leave(2, EXPIRY + 5));
    expect(nextDeadline(replay(emptied))).toEqual({ at: EXPIRY, kind: 'waiting-expire' });
    given(emptied)
      .when(cmd.tick(EXPIRY + 6))
      .then([{ type: 'RoomAbandoned' }]);
  });

  it('never applies once recruitment completed', () => {
    const full = history(cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON'));
    expect(replay(full).phase).toBe('starting');
    expect(nextDeadline(replay(full))?.kind).toBe('debate-start');
  });

  it('is not moved by downtime: a shift of a room with nothing else timed records nothing', () => {
    given(history(cmd.open(), cmd.join(1, 'PRO')))
      .when(cmd.shift(60_000, T0 + 1))
      .then([]);
  });

  it('scales with the time scale recorded at opening', () => {
    const scaled = history(cmd.open({}, T0, { timeScale: 0.1 }));
    expect(nextDeadline(replay(scaled))).toEqual({ at: T0 + WAITING_LIMIT_MS / 10, kind: 'waiting-expire' });
  });
});
