import { describe, expect, it } from 'vitest';
import {
  persuasion,
  privateReaderOf,
  redactFor,
  replay,
  stanceBoard,
  stancePercents,
  stanceShares,
  swingOf,
  type Command,
} from '../../src/index.js';
import { cmd, history, oneOnOne, ROOM_ID, T0 } from '../support/dsl.js';

// 1:1, 30 s × 6 turns: turn i starts at START + 30 s × i; the debate ends at T0+185 s, the vote opens at +188 s.
const START = T0 + 5000;
const turn = (i: number, offset = 1000) => START + 30_000 * i + offset;
const PAUSE = T0 + 185_000;
const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;
const viewers = [7, 8, 9, 10].map((id) => cmd.observe(id));

/** Four viewers: 2 PRO, 1 CON, 1 undecided at the first speech; CON's first turn moves two of them to CON. */
const persuaded = (): Command[] => [
  ...oneOnOne(),
  ...viewers,
  cmd.stance(7, 'PRO'),
  cmd.stance(8, 'PRO'),
  cmd.stance(9, 'CON'),
  cmd.stance(10, 'UNDECIDED'),
  cmd.tick(START),
  cmd.speak(1, '찬성 측 입론입니다', turn(0)),
  cmd.tick(turn(1, 0)),
  cmd.speak(2, '반대 측 입론입니다', turn(1)),
  cmd.stance(10, 'CON', turn(1, 2000)),
  cmd.stance(8, 'UNDECIDED', turn(1, 3000)),
  cmd.stance(8, 'CON', turn(1, 4000)),
  cmd.tick(turn(2, 0)),
  // A toggle inside one turn that ends where it began moves nobody.
  cmd.stance(7, 'UNDECIDED', turn(2, 2000)),
  cmd.stance(7, 'PRO', turn(2, 3000)),
  cmd.tick(OPEN),
];

describe('stance shares', () => {
  it('count the present viewers who declared, and only from three of them on', () => {
    const two = replay(history(...oneOnOne(), ...viewers, cmd.stance(7, 'PRO'), cmd.stance(8, 'CON')));
    expect(stanceShares(two)).toBeNull();
    expect(stanceBoard(two)).toEqual({ roomId: ROOM_ID, shares: null, open: true });
    const three = replay(
      history(...oneOnOne(), ...viewers, cmd.stance(7, 'PRO'), cmd.stance(8, 'CON'), cmd.stance(9, 'CON')),
    );
    expect(stanceShares(three)).toEqual({ declared: 3, PRO: 1, CON: 2, UNDECIDED: 0 });
  });

  it('leave out viewers who left, until they come back', () => {
    const base = [...oneOnOne(), ...viewers, ...[7, 8, 9, 10].map((id) => cmd.stance(id, 'PRO'))];
    const left = history(...base, cmd.unobserve(10));
    expect(stanceShares(replay(left))).toEqual({ declared: 3, PRO: 3, CON: 0, UNDECIDED: 0 });
    expect(stanceShares(replay(history(...base, cmd.unobserve(10), cmd.unobserve(9))))).toBeNull();
    expect(stanceShares(replay(history(...base, cmd.unobserve(10), cmd.observe(10))))?.declared).toBe(4);
  });

  it('close on the board once the vote opens', () => {
    expect(stanceBoard(replay(history(...persuaded()))).open).toBe(false);
    expect(stanceBoard(replay(history(...persuaded().slice(0, -1), cmd.tick(PAUSE)))).open).toBe(true);
  });

  it('become whole percentages that add up to 100', () => {
    expect(stancePercents({ declared: 3, PRO: 1, CON: 1, UNDECIDED: 1 })).toEqual({ PRO: 34, CON: 33, UNDECIDED: 33 });
    expect(stancePercents({ declared: 7, PRO: 4, CON: 2, UNDECIDED: 1 })).toEqual({ PRO: 57, CON: 29, UNDECIDED: 14 });
    expect(stancePercents({ declared: 4, PRO: 0, CON: 4, UNDECIDED: 0 })).toEqual({ PRO: 0, CON: 100, UNDECIDED: 0 });
  });
});

describe('persuasion', () => {
  it('measures the shares at the first speech and at the vote, the swing and the most persuasive turn', () => {
    const measured = persuasion(history(...persuaded(), cmd.tick(CLOSE)));
    expect(measured.atFirstSpeech).toEqual({ declared: 4, PRO: 2, CON: 1, UNDECIDED: 1 });
    expect(measured.atVote).toEqual({ declared: 4, PRO: 1, CON: 3, UNDECIDED: 0 });
    expect(measured.swing).toEqual({ PRO: -25, CON: 50, mover: 'CON' });
    expect(measured.mostMoved).toEqual({
      turnIndex: 1,
      side: 'CON',
      speakers: [{ userId: 2, nickname: '토론자2' }],
      moved: 2,
      toward: { PRO: 0, CON: 2, UNDECIDED: 0 },
    });
  });

  it('draws the timeline until stances lock, one point per change of the shares', () => {
    const { timeline, atVote } = persuasion(history(...persuaded(), cmd.unobserve(9, OPEN + 1), cmd.tick(CLOSE)));
    expect(timeline[0]).toEqual({ at: T0, shares: { declared: 3, PRO: 2, CON: 1, UNDECIDED: 0 } });
    expect(timeline.map((p) => p.shares?.CON ?? null)).toEqual([1, 1, 2, 2, 3, 3, 3]);
    expect(timeline.at(-1)).toEqual({ at: turn(2, 3000), shares: atVote });
    expect(timeline.every((p) => p.at <= OPEN)).toBe(true);
  });

  it('says nothing where fewer than three viewers declared', () => {
    const few = persuasion(
      history(
        ...oneOnOne(),
        ...viewers,
        cmd.stance(7, 'PRO'),
        cmd.stance(8, 'CON'),
        cmd.tick(turn(1, 0)),
        cmd.stance(8, 'PRO', turn(1)),
        cmd.tick(CLOSE),
      ),
    );
    expect(few).toEqual({ atFirstSpeech: null, atVote: null, swing: null, mostMoved: null, timeline: [] });
  });

  it('measures a room without a vote when its debate ends, and a walkover not at all', () => {
    const base = [...persuaded()].filter((c) => c.type !== 'tick' || c.now < OPEN);
    const noVote = persuasion(history(...oneOnOne({ resultEnabled: false }), ...base.slice(3), cmd.tick(PAUSE)));
    expect(noVote.atVote).toEqual({ declared: 4, PRO: 1, CON: 3, UNDECIDED: 0 });
    expect(noVote.swing?.mover).toBe('CON');
    const walkover = persuasion(history(...base, cmd.leave(1, turn(2, 5000))));
    expect(walkover.atFirstSpeech).not.toBeNull();
    expect(walkover.atVote).toBeNull();
    expect(walkover.swing).toBeNull();
    expect(walkover.mostMoved?.turnIndex).toBe(1);
  });

  it('names a mover only when it gained strictly more than the other side, and more than nothing', () => {
    const from = { declared: 4, PRO: 2, CON: 2, UNDECIDED: 0 };
    expect(swingOf(from, { declared: 4, PRO: 1, CON: 1, UNDECIDED: 2 })).toEqual({ PRO: -25, CON: -25, mover: null });
    expect(swingOf(from, from)).toEqual({ PRO: 0, CON: 0, mover: null });
    expect(
      swingOf({ declared: 4, PRO: 1, CON: 1, UNDECIDED: 2 }, { declared: 4, PRO: 2, CON: 2, UNDECIDED: 0 }).mover,
    ).toBeNull();
    expect(
      swingOf({ declared: 4, PRO: 1, CON: 1, UNDECIDED: 2 }, { declared: 4, PRO: 3, CON: 1, UNDECIDED: 0 }).mover,
    ).toBe('PRO');
  });
});

describe('redaction of stances', () => {
  it('hides who declared what from every other reader, and keeps the reader’s own', () => {
    const log = history(...persuaded());
    const declared = log.filter((e) => e.type === 'StanceDeclared');
    for (const event of declared) {
      expect(redactFor(event, { userId: 99 })).toEqual({ ...event, userId: null, stance: null });
      expect(redactFor(event, null)).toEqual({ ...event, userId: null, stance: null });
      if (event.userId !== null) expect(redactFor(event, { userId: event.userId })).toEqual(event);
      expect(privateReaderOf(event)).toBe(event.userId);
    }
    const mine = replay(log.map((e) => redactFor(e, { userId: 8 })));
    expect(mine.stances).toEqual({ 8: 'CON' });
    expect(stanceShares(mine)).toBeNull();
    expect(replay(log.map((e) => redactFor(e, { userId: 1 }))).stances).toBeUndefined();
  });
});
