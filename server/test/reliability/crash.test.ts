/**
 * Crash safety: 20 live rooms (6 waiting, 8 debating, 6 voting) with chatting clients; the
 * server process is killed with SIGKILL and started again on the same database (SQLite, then
 * PostgreSQL). Every room must
 * resume with the state it had (moved only by the recorded DeadlinesShifted), every event a
 * client was sent (chat included) must be in the log, and every timer must fire exactly once.
 */
import { replay, type RoomEvent, type RoomState } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../../loadtest/identity.js';
import { ENGINES, freshDatabase, type FreshDatabase } from '../support/engines.js';
import {
  connectAll,
  expectTimersOnce,
  expectWholeStream,
  inBatches,
  members,
  Participant,
  readLogs,
  startServer,
  unlogged,
  until,
  type ChildServer,
} from './support.js';

type Kind = 'waiting' | 'debating' | 'voting';
/** Voting rooms: 30 s turns, so voting opens while the 50 s turns of the debating rooms still run. */
const PLAN: readonly { kind: Kind; count: number; time: 'T3' | 'T5'; resultEnabled: boolean }[] = [
  { kind: 'waiting', count: 6, time: 'T3', resultEnabled: false },
  { kind: 'debating', count: 8, time: 'T5', resultEnabled: false },
  { kind: 'voting', count: 6, time: 'T3', resultEnabled: true },
];
const CHAT_EVERY_MS = 700; // under the chat limit of 5 messages per 3 s

interface Room {
  readonly id: string;
  readonly kind: Kind;
  readonly pro: Participant;
  readonly con: Participant;
  readonly observer: Participant;
}

const phases = (logs: Map<string, RoomEvent[]>, rooms: readonly Room[]) =>
  rooms.map((r) => replay(logs.get(r.id)!).phase);

describe.each(ENGINES)('SIGKILL with 20 live rooms on %s', (engine) => {
  let database: FreshDatabase;
  const servers: ChildServer[] = [];
  const everyone: Participant[] = [];
  beforeAll(async () => {
    database = await freshDatabase(engine);
  });
  afterAll(async () => {
    for (const p of everyone) p.close();
    for (const s of servers) await s.kill('SIGKILL');
    await database?.drop();
  });

  it('resumes every room as it was, loses no event a client saw, and fires every timer exactly once', async () => {
    const first = await startServer(database);
    servers.push(first);
    const rooms: Room[] = [];
    const people = await members(first, PLAN.reduce((n, p) => n + p.count, 0) * 3);
    const settings = PLAN.flatMap((p) => Array.from({ length: p.count }, () => p));
    await inBatches(settings, 5, async (plan, i) => {
      const [pro, con, observer] = [people[3 * i]!, people[3 * i + 1]!, people[3 * i + 2]!];
      const id = await createRoom(first.url, pro.accessToken, {
        title: `장애 시험 ${i}`,
        time: plan.time,
        speakCount: 'THREE',
        resultEnabled: plan.resultEnabled,
      });
      rooms[i] = {
        id,
        kind: plan.kind,
        pro: new Participant(pro, id, { kind: 'debater', side: 'PRO' }),
        con: new Participant(con, id, { kind: 'debater', side: 'CON' }),
        observer: new Participant(observer, id, { kind: 'observer' }),
      };
    });
    everyone.push(...rooms.flatMap((r) => [r.pro, r.con, r.observer]));

    // Everyone but the CON debaters of waiting rooms takes a place; observers vote at once when voting opens.
    const before = rooms.flatMap((r) => (r.kind === 'waiting' ? [r.pro, r.observer] : [r.pro, r.con, r.observer]));
    // Connected first, seated all at once: the voting rooms then open their votes together.
    await inBatches(before, 16, (p) => p.connect(first, false));
    await Promise.all(before.map((p) => p.takePlace()));
    for (const p of before) p.chat(CHAT_EVERY_MS);
    const voting = rooms.filter((r) => r.kind === 'voting');
    await until(() => voting.every((r) => r.observer.has('VotingOpened')), 'voting to open', 60_000);
    await Promise.all(voting.map((r) => r.observer.vote('PRO')));
    expect(voting.flatMap((r) => r.observer.replies.filter((x) => x.command === 'vote'))).toEqual(
      voting.map(() => ({ roomId: expect.any(String), command: 'vote', ok: true })),
    );

    const crash = await first.kill('SIGKILL');
    expect(crash.signal).toBe('SIGKILL');
    const killedAt = Date.now();
    const atCrash = await readLogs(
      database,
      rooms.map((r) => r.id),
    );
    expect(phases(atCrash, rooms)).toEqual(rooms.map((r) => r.kind));
    // Every event any client was sent before the crash was committed: chat and ballots included.
    for (const p of everyone) expect(unlogged(p, atCrash.get(p.roomId)!)).toEqual([]);
    const seenChat = everyone.flatMap((p) => p.seen).filter((e) => e.type === 'Spoke' || e.type === 'ObserverChatted');
    expect(seenChat.length).toBeGreaterThan(20);

    await until(
      () => everyone.every((p) => p.client === null || p.closed !== null),
      'clients to see the socket die',
      10_000,
    );
    const restarting = Date.now();
    const second = await startServer(database, first.port);
    servers.push(second);
    const readyAt = Date.now();

    // Clients come back and resume their streams (the voting rooms' PRO debaters first, to vote in
    // what is left of the window); the waiting rooms' CON debaters join now.
    await connectAll(
      second,
      voting.map((r) => r.pro),
    );
    await Promise.all(voting.map((r) => r.pro.vote('CON')));
    await connectAll(
      second,
      everyone.filter((p) => !voting.some((r) => r.pro === p)),
    );
    for (const r of rooms) if (r.kind === 'waiting') r.con.chat(CHAT_EVERY_MS);
    await until(() => everyone.every((p) => p.ended), 'every room to end', 90_000);
    for (const p of everyone) p.stopChat();
    const exit = await second.kill('SIGTERM');
    expect(exit.code).toBe(0);

    const logs = await readLogs(
      database,
      rooms.map((r) => r.id),
    );
    for (const r of rooms) {
      const log = logs.get(r.id)!;
      const old = atCrash.get(r.id)!;
      // The log before the crash is intact, and the first event after it is the recorded shift.
      expect(log.slice(0, old.length)).toEqual(old);
      const resumed = log[old.length]!;
      const state = replay(old);
      if (r.kind === 'waiting') {
        expect(resumed.type).not.toBe('DeadlinesShifted'); // nothing was timed
      } else {
        expect(resumed.type).toBe('DeadlinesShifted');
        const byMs = (resumed as Extract<RoomEvent, { type: 'DeadlinesShifted' }>).byMs;
        // The downtime counts from the last tick of the alive clock (every 5 s) to the restore.
        expect(byMs).toBeGreaterThanOrEqual(restarting - killedAt);
        expect(byMs).toBeLessThanOrEqual(readyAt - killedAt + 10_000);
        expect(replay([resumed], state)).toEqual(shifted(state, byMs, resumed));
      }

      expectTimersOnce(log, r.kind);
      expect(log.filter((e) => e.type === 'DeadlinesShifted').length).toBe(r.kind === 'waiting' ? 0 : 1);
      const end = replay(log);
      // The ballot cast before the crash counts; so does the one cast after it, if it came in time.
      const late = r.pro.replies.find((x) => x.command === 'vote');
      if (r.kind === 'voting')
        expect(end.result).toMatchObject({ kind: 'vote', tally: { agreeNumber: 1, disagreeNumber: late?.ok ? 1 : 0 } });

      // Each client's stream: every seq exactly once, in order, across the reconnect, up to the end.
      for (const p of [r.pro, r.con, r.observer]) expectWholeStream(p, log);
    }
  }, 150_000);
});

/** The state before the crash with the one shift applied by hand: only pending deadlines move. */
function shifted(state: RoomState, byMs: number, event: RoomEvent): RoomState {
  return {
    ...state,
    lastSeq: event.seq,
    lastAt: event.at,
    turn: state.phase === 'debating' && state.turn ? { ...state.turn, endsAt: state.turn.endsAt + byMs } : state.turn,
    vote:
      state.phase === 'voting' && state.vote?.open
        ? { ...state.vote, closesAt: state.vote.closesAt! + byMs }
        : state.vote,
  };
}
