import { describe, expect, it } from 'vitest';
import {
  archive,
  debaterView,
  observerView,
  privateReaderOf,
  redactFor,
  replay,
  voteTally,
  type RoomEvent,
} from '../../src/index.js';
import { cmd, history, oneOnOne, T0, user } from '../support/dsl.js';

const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;

describe('debater and observer views', () => {
  const log = history(
    ...oneOnOne(),
    cmd.observe(7),
    cmd.tick(T0 + 5000),
    cmd.speak(1, '입론', T0 + 6000),
    cmd.chat(7, '좋아요', T0 + 7000),
    cmd.tick(T0 + 35_000),
  );
  const state = replay(log);

  it('tells a debater their side, whose turn it is, the deadline and whether they can speak', () => {
    const con = debaterView(state, 2, log);
    expect(con).toMatchObject({
      phase: 'debating',
      status: 'DEBATE',
      mySide: 'CON',
      connected: true,
      isMyTurn: true,
      canSpeak: true,
      turn: { index: 1, side: 'CON', endsAt: T0 + 65_000 },
      totalTurns: 6,
      turnsLeft: 5,
      deadline: { at: T0 + 65_000, kind: 'turn-end', turnIndex: 1 },
      canVote: false,
      hasVoted: false,
    });
    expect(con.chat.map((l) => [l.nickname, l.side, l.text])).toEqual([[user(1).nickname, 'PRO', '입론']]);
    expect(debaterView(state, 1, log)).toMatchObject({ mySide: 'PRO', isMyTurn: false, canSpeak: false });
  });

  it('keeps a disconnected debater from speaking', () => {
    const dropped = replay(history(...oneOnOne(), cmd.tick(T0 + 5000), cmd.disconnect(1, T0 + 6000)));
    expect(debaterView(dropped, 1)).toMatchObject({ connected: false, isMyTurn: true, canSpeak: false });
  });

  it('gives observers both chats but no seat, connection or speaking rights', () => {
    const view = observerView(state, 7, log);
    expect(view).toMatchObject({ observing: true, turnsLeft: 5, observerCount: 1 });
    expect(view.observerChat.map((l) => l.text)).toEqual(['좋아요']);
    expect(view.chat.map((l) => l.text)).toEqual(['입론']);
    expect(Object.keys(view)).not.toContain('mySide');
    expect(Object.keys(view)).not.toContain('connected');
    expect(Object.keys(view)).not.toContain('canSpeak');
  });

  it('lets voters see their own ballot only, and the result after the close', () => {
    const voted = history(...oneOnOne(), cmd.observe(7), cmd.tick(OPEN), cmd.vote(7, 'PRO', OPEN + 1));
    const during = replay(voted);
    expect(observerView(during, 7)).toMatchObject({ canVote: false, hasVoted: true, myVote: 'PRO', result: null });
    expect(debaterView(during, 1)).toMatchObject({ canVote: true, hasVoted: false, myVote: null });
    const after = replay(
      history(...oneOnOne(), cmd.observe(7), cmd.tick(OPEN), cmd.vote(7, 'PRO', OPEN + 1), cmd.tick(CLOSE)),
    );
    expect(debaterView(after, 1)).toMatchObject({
      phase: 'closed',
      myRecord: 'win',
      result: { kind: 'vote', outcome: 'PRO' },
    });
    expect(voteTally(after)).toEqual({ agreeNumber: 1, disagreeNumber: 0, neutralNumber: 0 });
  });
});

describe('redactFor', () => {
  const log = history(
    ...oneOnOne(),
    cmd.observe(7),
    cmd.observe(8),
    cmd.tick(OPEN),
    cmd.vote(7, 'PRO', OPEN + 1),
    cmd.vote(8, 'CON', OPEN + 2),
    cmd.vote(1, 'PRO', OPEN + 3),
    cmd.tick(CLOSE),
  );

  it('hides other users’ choices but not their own', () => {
    const seen = log
      .map((e) => redactFor(e, { userId: 7 }))
      .filter((e): e is Extract<RoomEvent, { type: 'Voted' }> => e.type === 'Voted');
    expect(seen.map((e) => [e.userId, e.choice])).toEqual([
      [7, 'PRO'],
      [8, null],
      [1, null],
    ]);
    expect(log.map((e) => redactFor(e, null)).filter((e) => e.type === 'Voted' && e.choice !== null)).toEqual([]);
  });

  it('names the one reader an event reads differently for; everyone else sees the public version', () => {
    for (const event of log) {
      const reader = privateReaderOf(event);
      for (const viewer of [1, 2, 7, 8, 9]) {
        const differs = JSON.stringify(redactFor(event, { userId: viewer })) !== JSON.stringify(redactFor(event, null));
        expect(differs).toBe(viewer === reader);
      }
    }
    expect(log.filter((e) => privateReaderOf(e) !== null).map(privateReaderOf)).toEqual([7, 8, 1]);
  });

  it('replays to the same phase, turns and result', () => {
    const plain = replay(log);
    const redacted = replay(log.map((e) => redactFor(e, { userId: 8 })));
    expect([redacted.phase, redacted.turn, redacted.result]).toEqual([plain.phase, plain.turn, plain.result]);
    expect(voteTally(redacted)).toEqual({ agreeNumber: 2, disagreeNumber: 1, neutralNumber: 0 });
  });
});

describe('archive (U7)', () => {
  it('splits debate and observer logs, newest first, with ISO times and positions', () => {
    const log = history(
      ...oneOnOne(),
      cmd.observe(7),
      cmd.tick(T0 + 5000),
      cmd.speak(1, '첫 발언', T0 + 6000),
      cmd.chat(7, '참관 중', T0 + 6500),
      cmd.tick(T0 + 35_000),
      cmd.speak(2, '반론', T0 + 36_000),
    );
    expect(archive(log)).toEqual({
      debateLog: [
        {
          nickname: user(2).nickname,
          position: 'CON',
          content: '반론',
          profileUrl: user(2).imageUrl,
          createdAt: '2026-01-01T00:00:36.000Z',
        },
        {
          nickname: user(1).nickname,
          position: 'PRO',
          content: '첫 발언',
          profileUrl: null,
          createdAt: '2026-01-01T00:00:06.000Z',
        },
      ],
      observerLog: [
        {
          nickname: user(7).nickname,
          position: 'NO_POSITION',
          content: '참관 중',
          profileUrl: null,
          createdAt: '2026-01-01T00:00:06.500Z',
        },
      ],
    });
  });
});
