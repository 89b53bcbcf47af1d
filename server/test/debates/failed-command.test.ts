/**
 * A room command the database fails to store is still answered: the sender gets ROOM_UNAVAILABLE
 * with its Korean message rather than no reply at all, nothing of the command is logged or sent to
 * anyone, and the room takes the next command once the database accepts writes again. The test
 * makes the database itself refuse new room events (a trigger), on both engines.
 */
import { describe, expect, it } from 'vitest';
import { acceptInserts, refuseInserts } from '../support/ddl.js';
import { ENGINES } from '../support/engines.js';
import { createRoom, members, useDebateServer, type Live } from './support.js';

const replies = '/user/queue/replies';

/** Sends a command and waits for its own reply (the n-th reply of this connection). */
async function command(live: Live, roomId: string, name: string, body: unknown): Promise<unknown> {
  const before = live.on(replies).length;
  live.send(`/app/rooms/${roomId}/${name}`, body);
  return (await live.waitFor(replies, (r) => r.length > before)).at(-1);
}

describe.each(ENGINES)('a room command the database fails, on %s', (engine) => {
  const debate = useDebateServer({}, engine);

  it('answers ROOM_UNAVAILABLE, logs nothing of it, and takes the next command', async () => {
    const { server } = debate;
    const [pro, watcher] = await members(server, 2, '실패');
    const roomId = await createRoom(server, pro!.accessToken);
    const stream = `/topic/rooms/${roomId}/events`;
    const live = await debate.connect('/ws', watcher!.accessToken);
    live.subscribe(replies);
    live.subscribe(stream);
    expect(await command(live, roomId, 'observe', {})).toMatchObject({ ok: true });

    await refuseInserts(server, 'room_events');
    try {
      expect(await command(live, roomId, 'observer-chat', { text: '저장되지 않을 말' })).toEqual({
        roomId,
        command: 'observer-chat',
        ok: false,
        code: 'ROOM_UNAVAILABLE',
        message: '토론방에 잠시 연결할 수 없어요. 잠시 후 다시 시도해 주세요.',
      });
    } finally {
      await acceptInserts(server, 'room_events');
    }
    expect(await command(live, roomId, 'observer-chat', { text: '저장될 말' })).toMatchObject({ ok: true });

    const seen = await live.waitFor(stream, (es) => es.some((e) => e.type === 'ObserverChatted'));
    expect(seen.filter((e) => e.type === 'ObserverChatted').map((e) => e.text)).toEqual(['저장될 말']);
    // The log holds what was sent, and the refused line took no seq.
    const log = await server.deps.storage.roomEvents.load(roomId);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    expect(seen).toEqual(log);
  });
});
