/**
 * Presence of ended rooms is forgotten: a connection that stays open through many rooms (our web
 * client keeps one socket for the whole visit) must not keep an entry for every room it saw.
 * Found by the soak: the server's heap grew by ~630 bytes per connection per ended room.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPresenceStore } from '../../src/debates/live/presence-store.js';
import { RoomPresence, type Connection } from '../../src/debates/live/room-presence.js';
import { createRoom, members, startDebateServer } from '../debates/support.js';
import type { TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startDebateServer();
});
afterAll(() => server.stop());

describe('presence after a room ends', () => {
  it('is dropped for every connection, and leaving afterwards answers ROOM_CLOSED', async () => {
    const [pro, watcher] = await members(server, 2, '존재');
    const { directory, publisher } = server.deps.debates;
    const rooms = new RoomPresence(directory, publisher, server.deps.logger, {
      store: memoryPresenceStore(),
      allowed: () => Promise.resolve(true),
      observerLeaveDelayMs: 0,
    });
    const unwire = directory.onCommitted(rooms.committed);
    const connection = (id: string, user: typeof pro): Connection => ({
      id,
      closed: false,
      principal: { id: user!.userId, actor: { userId: user!.userId, nickname: user!.nickname, imageUrl: null } },
    });
    const debater = connection('debater-socket', pro);
    const observer = connection('observer-socket', watcher);
    const roomId = await createRoom(server, pro!.accessToken);

    expect(await rooms.joinDebater(debater, roomId, 'PRO')).toBeNull();
    expect(await rooms.joinObserver(observer, roomId)).toBeNull();
    expect(await rooms.has(roomId, 'observer', watcher!.userId)).toBe(true);

    // The only debater leaves the waiting room: it is abandoned, and nobody is present in it any more.
    expect(await rooms.release(debater, { roomId, role: 'debater', userId: pro!.userId }, true)).toBeNull();
    expect((await directory.stateOf(roomId))!.phase).toBe('abandoned');
    expect(await rooms.has(roomId, 'observer', watcher!.userId)).toBe(false);
    expect(await rooms.release(observer, { roomId, role: 'observer', userId: watcher!.userId }, true)).toMatchObject({
      code: 'ROOM_CLOSED',
    });
    unwire();
  });
});
