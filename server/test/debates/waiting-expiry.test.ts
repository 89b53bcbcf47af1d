/**
 * Ghost rooms: rooms opened and left waiting with nobody on the other side end by themselves at
 * the engine's waiting deadline (here 30 min × 0.004 = 7.2 s), through the room's own timer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITING_LIMIT_MS } from '@toron/engine';
import { createRoom, members, until } from './support.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SCALE = 0.004;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ DEBATE_TIME_SCALE: String(SCALE) });
});
afterAll(() => server?.stop());

describe('waiting rooms nobody joins', () => {
  it('are abandoned at the waiting deadline, each with one RoomAbandoned stamped at it', async () => {
    const owners = await members(server, 3, '유령');
    const rooms: string[] = [];
    for (const owner of owners) for (let i = 0; i < 3; i++) rooms.push(await createRoom(server, owner.accessToken));
    const { directory } = server.deps.debates;
    const phases = async () => (await Promise.all(rooms.map((id) => directory.stateOf(id)))).map((s) => s?.phase);
    expect(await phases()).toEqual(rooms.map(() => 'waiting'));
    const limit = WAITING_LIMIT_MS * SCALE;
    await until(async () => (await phases()).every((phase) => phase !== 'waiting'), limit + 10_000);
    for (const id of rooms) {
      const events = await server.deps.storage.roomEvents.load(id);
      const opened = events[0]!;
      expect(events.at(-1)).toMatchObject({ type: 'RoomAbandoned', at: opened.at + limit });
    }
    console.log(`[waiting rooms] ${rooms.length} rooms left waiting, all abandoned ${limit} ms after opening`);
  }, 30_000);
});
