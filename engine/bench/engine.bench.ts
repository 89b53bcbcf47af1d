// Engine benchmark: prints JSON figures (no assertions). Run: pnpm --filter @toron/engine run bench
import {
  decide,
  evolveFast,
  INITIAL_ROOM_STATE,
  nextDeadline,
  replay,
  replayWithMachine,
  type Actor,
  type Command,
  type RoomEvent,
  type RoomState,
} from '../src/index.js';

const T0 = Date.UTC(2026, 0, 1);
const actor = (userId: number): Actor => ({ userId, nickname: `사용자${userId}`, imageUrl: null });

/** Builds a 3:3 room with long turns, then fills it with speech and observer chat up to `size` events. */
function chattyRoom(size: number, roomNo = 0): RoomEvent[] {
  const log: RoomEvent[] = [];
  let state: RoomState = INITIAL_ROOM_STATE;
  const run = (command: Command): boolean => {
    const decision = decide(state, command);
    if (!decision.ok) return false;
    for (const e of decision.events) {
      state = evolveFast(state, e);
      log.push(e);
    }
    return true;
  };
  const roomId = `00000000-0000-4000-8000-${String(roomNo).padStart(12, '0')}`;
  const settings = {
    title: '긴 토론',
    description: '벤치마크',
    continent: 'KR',
    category: 'IT',
    format: 'T2',
    secondsPerTurn: 150,
    turnsPerSide: 10,
    resultEnabled: true,
    creatorId: 1,
  };
  run({ type: 'openRoom', now: T0, roomId, settings });
  for (let id = 1; id <= 6; id++)
    run({ type: 'joinAsDebater', now: T0, actor: actor(id), side: id % 2 ? 'PRO' : 'CON' });
  for (let id = 7; id <= 26; id++) run({ type: 'joinAsObserver', now: T0, actor: actor(id) });
  let now = T0;
  for (let i = 0; log.length < size; i++) {
    now += 250;
    const due = nextDeadline(state);
    if (due && due.at <= now) run({ type: 'tick', now });
    const speaker = state.turn?.side === 'CON' ? 2 + 2 * (i % 3) : 1 + 2 * (i % 3);
    if (i % 2 === 0)
      run({ type: 'speak', now, actor: actor(speaker), text: `발언 ${i}: 근거를 하나 더 들어 보겠습니다.` });
    else run({ type: 'observerChat', now, actor: actor(7 + (i % 20)), text: `채팅 ${i}` });
    if (state.phase !== 'debating' && state.phase !== 'starting') break;
  }
  return log.slice(0, size);
}

/** Median wall time of fn over runs, in ms, after a warm-up. */
function time(fn: () => unknown, runs: number): number {
  for (let i = 0; i < Math.min(20, runs); i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return Number((samples[Math.floor(samples.length / 2)] ?? 0).toFixed(3));
}

function heapUsed(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

const room1k = chattyRoom(1_000);
const room10k = chattyRoom(10_000);
if (room1k.length !== 1_000 || room10k.length !== 10_000) throw new Error('benchmark rooms are too short');

const replay1k = time(() => replay(room1k), 200);
const replay10k = time(() => replay(room10k), 30);
const machine1k = time(() => replayWithMachine(room1k), 10);

// 1,000 live rooms, each mid-debate with 6 debaters, 20 observers and 200 events behind it.
const logs = Array.from({ length: 1_000 }, (_, i) => chattyRoom(200, i));
const before = heapUsed();
const states = logs.map((log) => replay(log));
const after = heapUsed();
const jsonBytes = states.reduce((sum, s) => sum + JSON.stringify(s).length, 0);

console.log(
  JSON.stringify(
    {
      node: process.version,
      replay1000EventsMs: replay1k,
      replay10000EventRoomMs: replay10k,
      msPer1000EventsIn10000EventRoom: Number((replay10k / 10).toFixed(3)),
      xstateTransitionReplay1000EventsMs: machine1k,
      memory1000LiveRoomStatesBytes: after - before,
      memoryPerRoomStateBytes: Math.round((after - before) / states.length),
      jsonBytesPerRoomState: Math.round(jsonBytes / states.length),
      gcExposed: typeof globalThis.gc === 'function',
      targetMsPer1000Events: 5,
    },
    null,
    2,
  ),
);
