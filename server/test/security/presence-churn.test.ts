/**
 * Presence one member can write into someone else's room, tried as an attacker would, while a
 * bystander keeps heart-beating and chatting in another room: observing and leaving in a tight
 * loop (native observe/unobserve, legacy subscribe/unsubscribe). Coming back before the departure
 * is recorded writes nothing; arrivals beyond the limit are refused. Figures are printed, never timed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observerTopic, roomCommandDestination } from '@toron/engine';
import { createRoom, Live, members, sleep, until } from '../debates/support.js';
import { Bystander, expectServed } from '../support/bystander.js';
import type { TestServer } from '../support/server.js';
import { startTestServer } from '../support/server.js';

let server: TestServer;
let bystander: Bystander;
const opened: Live[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PRESENCE: '5/1m', LIVE_OBSERVER_LEAVE_SECONDS: '1' });
  bystander = await Bystander.start(server);
}, 60_000);
afterAll(async () => {
  for (const live of opened) live.drop();
  if (bystander) expectServed(await bystander.stop('presence churn'));
  await server?.stop();
});

const connect = async (path: string, token: string) => {
  const live = await Live.connect(server, path, token);
  opened.push(live);
  return live;
};
const presenceEvents = async (roomId: string) =>
  (await server.deps.storage.roomEvents.load(roomId)).filter(
    (e) => e.type === 'ObserverJoined' || e.type === 'ObserverLeft',
  );
const REPLIES = '/user/queue/replies';

describe('observer churn', () => {
  it('native observe/unobserve 30 times records one arrival; the departure only once they stay away', async () => {
    const [owner, watcher] = await members(server, 2, '들락');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await connect('/ws', watcher!.accessToken);
    live.subscribe(REPLIES);
    for (let i = 0; i < 30; i++) {
      live.send(roomCommandDestination(roomId, 'observe'), {});
      live.send(roomCommandDestination(roomId, 'unobserve'), {});
      await live.waitFor(REPLIES, (r) => r.length === 2 * i + 2);
      await sleep(120); // under the connection's frame rate, well within the departure delay
    }
    expect(live.on(REPLIES).every((r) => r.ok === true)).toBe(true);
    expect((await presenceEvents(roomId)).map((e) => e.type)).toEqual(['ObserverJoined']);
    // Away for longer than the delay: now the departure is recorded, once.
    await until(async () => (await presenceEvents(roomId)).length === 2, 5_000);
    expect((await presenceEvents(roomId)).map((e) => e.type)).toEqual(['ObserverJoined', 'ObserverLeft']);
    console.log(
      `[presence] 30 observe/unobserve pairs on one native connection: ${(await presenceEvents(roomId)).length} events`,
    );
  }, 30_000);

  it('refuses arrivals beyond the limit (PRESENCE_RATE_LIMITED) once the departures are recorded', async () => {
    const [owner, watcher] = await members(server, 2, '반복');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await connect('/ws', watcher!.accessToken);
    live.subscribe(REPLIES);
    const codes: string[] = [];
    for (let i = 0; i < 7; i++) {
      live.send(roomCommandDestination(roomId, 'observe'), {});
      const [reply] = (await live.waitFor(REPLIES, (r) => r.length === 2 * i + 1)).slice(-1);
      codes.push(reply.ok ? 'ok' : reply.code);
      live.send(roomCommandDestination(roomId, 'unobserve'), {});
      await live.waitFor(REPLIES, (r) => r.length === 2 * i + 2);
      await sleep(1_100); // past the departure delay, so the next arrival is a real one
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'PRESENCE_RATE_LIMITED', 'PRESENCE_RATE_LIMITED']);
    const refusal = live.on(REPLIES).find((r) => r.code === 'PRESENCE_RATE_LIMITED');
    expect(refusal.message).toMatch(/너무 자주/);
    await until(async () => (await presenceEvents(roomId)).length === 10, 5_000);
    console.log(
      `[presence] 7 spaced arrivals under a 5/1m limit: ${(await presenceEvents(roomId)).length} events, 2 refused`,
    );
  }, 30_000);

  it('legacy subscribe/unsubscribe of the observer topic 100 times records one arrival', async () => {
    const [owner, watcher] = await members(server, 2, '구식');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await connect(`/observer/${roomId}`, watcher!.accessToken);
    for (let i = 0; i < 100; i++) {
      const sub = live.client.subscribe(observerTopic(roomId), () => {});
      sub.unsubscribe();
    }
    await until(async () => (await presenceEvents(roomId)).length >= 1);
    await sleep(300);
    expect((await presenceEvents(roomId)).map((e) => e.type)).toEqual(['ObserverJoined']);
    console.log(
      `[presence] 100 legacy subscribe/unsubscribe pairs: ${(await presenceEvents(roomId)).length} before the delay`,
    );
  });
});
