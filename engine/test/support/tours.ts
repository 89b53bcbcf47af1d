import type { Command } from '../../src/index.js';
import { cmd, T0 } from './dsl.js';

const T2 = { format: 'T2' } as const;
const pro3 = [1, 3, 5].map((id) => cmd.join(id, 'PRO'));
const con3 = [2, 4, 6].map((id) => cmd.join(id, 'CON'));
// A 3:3 room with 30 s turns and 3 turns per side: debate T0+5 s .. T0+185 s, vote opens T0+188 s, closes T0+218 s.
const START = T0 + 5000;
const PAUSE = T0 + 185_000;
const OPEN = T0 + 188_000;
const CLOSE = T0 + 218_000;

/**
 * Live-phase side events: observers come, declare stances (until the vote opens) and go, a debater drops and returns,
 * deadlines move.
 */
const bustle = (observer: number, debater: number | null, now: number, declaring = true): Command[] => [
  cmd.observe(observer, now),
  cmd.chat(observer, '안녕하세요', now),
  ...(declaring ? [cmd.stance(observer, 'PRO', now), cmd.stance(observer, 'UNDECIDED', now)] : []),
  ...(debater === null ? [] : [cmd.disconnect(debater, now), cmd.shift(1, now), cmd.reconnect(debater, now)]),
  cmd.unobserve(observer, now),
];

/** Scripted walks through the room machine that together take every transition. */
export const TOURS: Readonly<Record<string, readonly Command[]>> = {
  'a 3:3 vote room with every side event in every phase': [
    cmd.open(T2),
    ...bustle(7, null, T0),
    cmd.join(1, 'PRO'),
    cmd.disconnect(1),
    cmd.shift(1, T0),
    cmd.reconnect(1),
    cmd.join(3, 'PRO'),
    cmd.leave(3),
    cmd.join(3, 'PRO'),
    cmd.join(5, 'PRO'),
    ...con3,
    ...bustle(8, 1, T0 + 1000),
    cmd.leave(5, T0 + 1000),
    cmd.tick(START),
    ...bustle(9, 2, START + 10),
    cmd.speak(1, '찬성 측 입론입니다', START + 20),
    cmd.leave(6, START + 30),
    cmd.tick(PAUSE + 10),
    ...bustle(10, 1, PAUSE + 20),
    cmd.tick(OPEN + 10),
    cmd.vote(1, 'PRO', OPEN + 20),
    cmd.vote(2, 'CON', OPEN + 30),
    cmd.tick(CLOSE + 100),
  ],
  'a 3:3 vote room losing debaters during the vote': [
    cmd.open(T2),
    ...pro3,
    ...con3,
    cmd.tick(OPEN),
    ...bustle(7, 2, OPEN + 10, false),
    cmd.leave(5, OPEN + 20),
    cmd.leave(3, OPEN + 30),
  ],
  'a 1:1 room without vote that runs to the end': [
    cmd.open({ resultEnabled: false }),
    cmd.join(1, 'PRO'),
    cmd.join(2, 'CON'),
    cmd.tick(PAUSE),
  ],
  'a 1:1 vote room left during the countdown': [
    cmd.open(),
    cmd.join(1, 'PRO'),
    cmd.join(2, 'CON'),
    cmd.leave(2, T0 + 1000),
  ],
  'a 1:1 room without vote left during the countdown': [
    cmd.open({ resultEnabled: false }),
    cmd.join(1, 'PRO'),
    cmd.join(2, 'CON'),
    cmd.leave(1, T0 + 1000),
  ],
  'a 1:1 vote room whose debater never came back': [
    cmd.open(),
    cmd.join(1, 'PRO'),
    cmd.join(2, 'CON'),
    cmd.disconnect(1, START + 1000),
    cmd.tick(START + 60_000),
  ],
  'a 1:1 room without vote left mid-debate': [
    cmd.open({ resultEnabled: false }),
    cmd.join(1, 'PRO'),
    cmd.join(2, 'CON'),
    cmd.leave(2, START + 1000),
  ],
  'a room abandoned while recruiting': [cmd.open(), cmd.join(1, 'CON'), cmd.leave(1)],
};
