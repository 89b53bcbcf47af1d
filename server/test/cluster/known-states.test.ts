/**
 * A node that does not run a room reads its state without replaying its log: a room it follows
 * (an observer connected here) from the batches its relay delivered, any other from the state it
 * kept and the events logged since. Its check for batches the bus lost is one read of the rooms'
 * heads, then the log of only the room that moved. Two directories on one real store (SQLite and
 * PostgreSQL), node A running the rooms and node B reading them through a counting decorator
 * around that store; B's observer is a real STOMP client.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Client } from '@stomp/stompjs';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Storage } from '../../src/db/storage.js';
import type { RoomCommand } from '../../src/debates/actor.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { RoomFeeds } from '../../src/debates/live/room-feeds.js';
import { RoomPublisher } from '../../src/debates/room-publisher.js';
import { InProcessPubSub } from '../../src/realtime/in-process-pubsub.js';
import { attachStomp, pathRouter, type RoutedEndpoint } from '../../src/stomp/index.js';
import { defaultRoomLimits, member, SETTINGS } from '../debates/room-log.js';
import { until } from '../debates/support.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { connect, stompClient } from '../stomp/harness.js';

const logger = pino({ level: 'silent' });

/** The store as node B sees it, with every read of a log and of the heads recorded. */
function counted(storage: Storage) {
  const loads: { roomId: string; fromSeq: number; events: number }[] = [];
  const headReads: (readonly string[])[] = [];
  const finds: string[] = [];
  const { roomEvents, roomHeads, rooms } = storage;
  const view: Storage = {
    ...storage,
    roomEvents: {
      ...roomEvents,
      async load(roomId, fromSeq = 1) {
        const events = await roomEvents.load(roomId, fromSeq);
        loads.push({ roomId, fromSeq, events: events.length });
        return events;
      },
    },
    roomHeads: {
      ...roomHeads,
      lastSeqs(roomIds) {
        headReads.push([...roomIds].sort());
        return roomHeads.lastSeqs(roomIds);
      },
    },
    rooms: {
      ...rooms,
      find(roomId) {
        finds.push(roomId);
        return rooms.find(roomId);
      },
    },
  };
  const clear = () => {
    loads.length = 0;
    headReads.length = 0;
    finds.length = 0;
  };
  return { view, loads, headReads, finds, clear };
}

/** Node B's observers: a STOMP server whose legacy observer topics are bound to B's feeds. */
async function observerEndpoint(feeds: RoomFeeds) {
  const stomp = attachStomp<{ id: string }, RoutedEndpoint<'observer'>>({
    route: pathRouter({ observer: '/observer/:roomId' }),
    hooks: {
      authenticate: async ({ token }) => ({ ok: true, principal: { id: token ?? 'anon' } }),
      onSubscribe: (session, sub) => feeds.bindLegacy(session, sub, session.endpoint.params.roomId!, 'observer'),
    },
  });
  const server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', stomp.upgradeListener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    async watch(roomId: string) {
      const frames: unknown[] = [];
      const client = stompClient(`ws://127.0.0.1:${port}/observer/${roomId}`, { token: `token-${roomId}` });
      await connect(client);
      const subscription = client.subscribe(`/topic/observer/${roomId}`, (m) => frames.push(JSON.parse(m.body)));
      return { client, frames, unsubscribe: () => subscription.unsubscribe() };
    },
    async close() {
      await stomp.shutdown({ timeoutMs: 1000 });
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.each(ENGINES)('a room read on a node that does not run it, on %s', (engine) => {
  const storage = useTestStorage(engine);
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoNodes() {
    const pubsub = new InProcessPubSub();
    const a = new RoomDirectory({
      storage: storage(),
      logger,
      now: Date.now,
      nodeId: 'node-a',
      limits: defaultRoomLimits(),
    });
    // The owner publishes each committed batch, unless the test has it die between commit and publish.
    const owner = { publishes: true };
    const publisherA = new RoomPublisher(pubsub, logger);
    a.onCommitted((batch) => {
      if (owner.publishes) publisherA.committed(batch);
    });
    const reads = counted(storage());
    const b = new RoomDirectory({
      storage: reads.view,
      logger,
      now: Date.now,
      nodeId: 'node-b',
      limits: defaultRoomLimits(),
    });
    const feeds = new RoomFeeds(new RoomPublisher(pubsub, logger), {
      states: b.elsewhere,
      log: reads.view.roomEvents,
      heads: reads.view.roomHeads,
    });
    const endpoint = await observerEndpoint(feeds);
    const clients: Client[] = [];
    cleanups.push(async () => {
      for (const client of clients) await client.deactivate();
      await endpoint.close();
      await a.stop();
      await pubsub.close();
    });
    const [creator, ...people] = await insertMembers(storage(), 12);
    const run = async (roomId: string, command: RoomCommand) =>
      expect((await a.dispatch(roomId, command)).rejection).toBeUndefined();
    /** A room on A with a pair of debaters, `observers` observers and a chat line from each. */
    const openRoom = async (observers: number) => {
      const roomId = randomUUID();
      const opened = await a.open({ type: 'openRoom', roomId, settings: { ...SETTINGS, creatorId: creator!.id } });
      expect(opened.rejection).toBeUndefined();
      await run(roomId, { type: 'joinAsDebater', actor: member(people[0]!.id), side: 'PRO' });
      await run(roomId, { type: 'joinAsDebater', actor: member(people[1]!.id), side: 'CON' });
      for (const p of people.slice(2, 2 + observers)) {
        await run(roomId, { type: 'joinAsObserver', actor: member(p.id) });
        await run(roomId, { type: 'observerChat', actor: member(p.id), text: `${p.id}번의 의견` });
      }
      return roomId;
    };
    const chat = (roomId: string, text: string) =>
      run(roomId, { type: 'observerChat', actor: member(people[2]!.id), text });
    const stateOnA = (roomId: string) => a.live(roomId)!.state;
    const watch = async (roomId: string) => {
      const watcher = await endpoint.watch(roomId);
      clients.push(watcher.client);
      // Following once a line said after the subscription took effect reaches the observer.
      await until(async () => {
        await chat(roomId, '구독 확인');
        return until(() => watcher.frames.length > 0, 200).catch(() => false);
      });
      return watcher;
    };
    return { a, b, owner, reads, feeds, openRoom, chat, stateOnA, watch };
  }

  it('answers a followed room from the batches delivered here; reads back only the room whose head moved', async () => {
    const { b, owner, reads, feeds, openRoom, chat, stateOnA, watch } = await twoNodes();
    const [moving, still] = [await openRoom(8), await openRoom(8)];
    await watch(moving);
    await watch(still);
    reads.clear();

    for (const line of ['첫째', '둘째', '셋째']) await chat(moving, line);
    await until(() => b.elsewhere.followedState(moving)?.lastSeq === stateOnA(moving).lastSeq);
    for (let i = 0; i < 20; i++) {
      expect(await b.stateOf(moving)).toEqual(stateOnA(moving));
      expect(await b.stateOf(still)).toEqual(stateOnA(still));
    }
    expect(reads.loads).toEqual([]);
    expect(reads.finds).toEqual([]);

    // Nothing moved: the check is one read of the heads and no log.
    await feeds.checkTails();
    expect(reads.headReads).toEqual([[moving, still].sort()]);
    expect(reads.loads).toEqual([]);

    // A batch committed on A and never published: B reads the tail of that room only.
    const seen = stateOnA(moving).lastSeq;
    owner.publishes = false;
    await chat(moving, '유실된 말');
    owner.publishes = true;
    expect((await b.stateOf(moving))?.lastSeq).toBe(seen);
    reads.clear();
    await feeds.checkTails();
    await until(() => b.elsewhere.followedState(moving)?.lastSeq === stateOnA(moving).lastSeq);
    expect(reads.headReads).toHaveLength(1);
    expect(reads.loads).toEqual([{ roomId: moving, fromSeq: seen + 1, events: 1 }]);
    expect(await b.stateOf(moving)).toEqual(stateOnA(moving));
  });

  it('keeps a room it does not follow and folds only the events logged since; lets rooms go', async () => {
    const { a, b, reads, openRoom, chat, stateOnA, watch } = await twoNodes();
    const roomId = await openRoom(8);
    reads.clear();
    expect(await b.stateOf(roomId)).toEqual(stateOnA(roomId));
    expect(reads.loads).toEqual([{ roomId, fromSeq: 1, events: stateOnA(roomId).lastSeq }]);

    const seen = stateOnA(roomId).lastSeq;
    await chat(roomId, '나중 말');
    await chat(roomId, '마지막 말');
    reads.clear();
    expect(await b.stateOf(roomId)).toEqual(stateOnA(roomId));
    expect(reads.loads).toEqual([{ roomId, fromSeq: seen + 1, events: 2 }]);
    expect(reads.finds).toEqual([]);

    // Followed, then let go: the state stays kept (bounded), without the relay.
    const watcher = await watch(roomId);
    expect(b.elsewhere.size).toEqual({ followed: 1, kept: 0 });
    watcher.unsubscribe();
    await until(() => b.elsewhere.size.followed === 0);
    expect(b.elsewhere.size.kept).toBe(1);

    // A room that ended is not kept: the directory's ended rooms hold it.
    const ending = await openRoom(1);
    const endingWatcher = await watch(ending);
    await a.dispatch(ending, { type: 'leave', actor: member(stateOnA(ending).seats.CON[0]!.userId) });
    await until(() => b.elsewhere.followedState(ending)?.phase === 'wonByDefault');
    endingWatcher.unsubscribe();
    await until(() => b.elsewhere.size.followed === 0);
    expect(b.elsewhere.size.kept).toBe(1);
  });
});
