/**
 * Forwarded commands between two nodes in one process: each node a room directory on the same
 * PostgreSQL database and its own Redis connections, the room heads a table both read. A command
 * sent through the node that does not run the room is decided by the one that does; a refusal
 * travels back, and so does the owner's count of a chat or stance limit; an owner that does not
 * answer makes it ROOM_UNAVAILABLE (nothing applied twice) unless a takeover shows the command
 * was not applied, in which case the new owner runs it; an owner that no longer runs the room
 * sends it on to the next one, and garbage on a node's channel is dropped. A node reads the heads
 * once per room and sends the room's later commands straight to the owner it learned.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardCommands, type Forwarding } from '../../src/cluster/forwarding/forwarder.js';
import { rpcChannel } from '../../src/cluster/forwarding/messages.js';
import type { RoomOwners } from '../../src/cluster/room-owners.js';
import type { Storage } from '../../src/db/storage.js';
import { RoomDirectory, type Dispatched } from '../../src/debates/directory.js';
import { roomLimits } from '../../src/debates/room-limits.js';
import { RedisPubSub } from '../../src/realtime/redis-pubsub.js';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { member, SETTINGS } from '../debates/room-log.js';
import { freshDatabase, insertMembers, storageOn, type FreshDatabase } from '../support/engines.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

const logger = pino({ level: 'silent' });

// Allowances that refill once an hour: what is over them stays over however slow the machine.
const HOUR = 3_600_000;
const LIMITS = { chat: { limit: 3, windowMs: HOUR }, stance: { limit: 1, windowMs: HOUR } };
/** An owner answers within 0.5 s; an unanswered command waits 1.5 s more for a takeover. */
const TIMING = { answerWithinMs: 500, takeoverWithinMs: 1_500 };

type Head = { nodeId: string; epoch: number; lastSeq: number };

/** The room heads as both nodes see them: one table, one listener list; it counts each node's reads. */
function headsTable() {
  const heads = new Map<string, Head>();
  const listeners = new Set<Parameters<RoomOwners['onChanged']>[0]>();
  const reads: string[] = [];
  return {
    set(roomId: string, head: Head) {
      heads.set(roomId, head);
      for (const l of listeners) l({ roomId, ...head });
    },
    /** An ended room leaves the heads (unannounced, like the real table's). */
    retire(roomId: string) {
      heads.delete(roomId);
    },
    /** The owner's appends move the head unannounced. */
    appended(roomId: string, lastSeq: number) {
      heads.set(roomId, { ...heads.get(roomId)!, lastSeq });
    },
    /** How many times `self` has read the room's head. */
    readsBy(self: string, roomId: string) {
      return reads.filter((read) => read === `${self} ${roomId}`).length;
    },
    view(self: string): RoomOwners {
      return {
        self,
        ownerOf: async (roomId) => {
          reads.push(`${self} ${roomId}`);
          return heads.get(roomId) ?? null;
        },
        onChanged(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
  };
}

interface Node {
  readonly directory: RoomDirectory;
  readonly link: RedisLink;
  readonly pubsub: RedisPubSub;
  forwarding: Forwarding;
}

describe('forwarded commands', () => {
  let redis: RedisServer;
  let database: FreshDatabase;
  let storage: Storage;
  const heads = headsTable();
  const nodes: Record<'a' | 'b', Node> = {} as never;

  const startNode = async (id: string): Promise<Node> => {
    const limits = roomLimits(LIMITS);
    const link = await connectRedis(redis.url, logger, `node-${id}`);
    const pubsub = new RedisPubSub(link);
    const directory = new RoomDirectory({ storage, logger, now: Date.now, nodeId: `node-${id}`, limits });
    const forwarding = await forwardCommands({
      directory,
      rooms: storage.rooms,
      pubsub,
      owners: heads.view(`node-${id}`),
      logger,
      ...TIMING,
    });
    return { directory, link, pubsub, forwarding };
  };

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await freshDatabase('postgres');
    storage = await storageOn(database);
    nodes.a = await startNode('a');
    nodes.b = await startNode('b');
  });
  afterAll(async () => {
    for (const node of Object.values(nodes)) {
      node.forwarding.stop();
      await node.directory.stop();
      await node.pubsub.close();
      await node.link.close();
    }
    await storage?.close();
    await database?.drop();
    await redis?.stop();
  });

  /** A room opened on A (A runs it, epoch 1) and two members. */
  const roomOnA = async () => {
    const [pro, con] = await insertMembers(storage, 2);
    const roomId = randomUUID();
    const opened = await nodes.a.directory.open({
      type: 'openRoom',
      roomId,
      settings: { ...SETTINGS, creatorId: pro!.id },
    });
    expect(opened.rejection).toBeUndefined();
    heads.set(roomId, { nodeId: 'node-a', epoch: 1, lastSeq: opened.state.lastSeq });
    return { roomId, pro: member(pro!.id), con: member(con!.id) };
  };

  it('runs a command sent through B on A, and carries a refusal back', async () => {
    const { roomId, pro, con } = await roomOnA();
    expect(nodes.b.directory.live(roomId)).toBeUndefined();
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' })).toEqual({});
    expect(nodes.a.directory.live(roomId)!.state.seats.PRO.map((s) => s.userId)).toEqual([pro.userId]);
    const twice = await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: con, side: 'PRO' });
    expect(twice.rejection?.code).toBe('SIDE_FULL');
    expect(nodes.b.directory.live(roomId)).toBeUndefined(); // never started on B
    expect((await storage.roomEvents.load(roomId)).map((e) => e.type)).toEqual(['RoomOpened', 'DebaterJoined']);
  });

  it('counts chat and stance on the owner, whichever node they came through; over the limit: unapplied', async () => {
    const { roomId, con: watcher } = await roomOnA();
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsObserver', actor: watcher })).toEqual({});
    const counted = (limit: 'chat' | 'stance') => ({ limit, userId: watcher.userId });
    const outcome = ({ rejection, overLimit }: Dispatched) => overLimit ?? rejection?.code ?? 'applied';
    const chat = async (node: Node, text: string) =>
      outcome(await node.directory.dispatch(roomId, { type: 'observerChat', actor: watcher, text }, counted('chat')));
    // Through B, A, B: the owner's one count takes all three, so the fourth, forwarded from B, is over.
    expect([await chat(nodes.b, '하나'), await chat(nodes.a, '둘'), await chat(nodes.b, '셋')]).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect([await chat(nodes.b, '넷'), await chat(nodes.a, '다섯')]).toEqual(['chat', 'chat']);
    const stance = async () =>
      outcome(
        await nodes.b.directory.dispatch(
          roomId,
          { type: 'declareStance', actor: watcher, stance: 'PRO' },
          counted('stance'),
        ),
      );
    expect([await stance(), await stance()]).toEqual(['applied', 'stance']);
    const logged = (await storage.roomEvents.load(roomId)).filter((e) => e.type === 'ObserverChatted');
    expect(logged.map((e) => ('text' in e ? e.text : null))).toEqual(['하나', '둘', '셋']);
  });

  it('reads the heads once for a room, then sends its commands straight to the owner that answered', async () => {
    const { roomId, pro } = await roomOnA();
    const watchers = (await insertMembers(storage, 6)).map((row) => member(row.id));
    // A room's first commands come together: they share one read.
    const joined = await Promise.all(
      watchers.map((actor) => nodes.b.directory.dispatch(roomId, { type: 'joinAsObserver', actor })),
    );
    expect(joined).toEqual(watchers.map(() => ({})));
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' })).toEqual({});
    expect(heads.readsBy('node-b', roomId)).toBe(1);
    expect(nodes.b.directory.live(roomId)).toBeUndefined();
    const logged = (await storage.roomEvents.load(roomId)).map((e) => e.type);
    expect(logged).toEqual(['RoomOpened', ...watchers.map(() => 'ObserverJoined'), 'DebaterJoined']);
  });

  it('refuses a command for a room that ended since its owner was learned with ROOM_CLOSED', async () => {
    const { roomId, pro, con } = await roomOnA();
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' })).toEqual({});
    // The last debater leaves the waiting room: it ends, and leaves the heads.
    expect(await nodes.b.directory.dispatch(roomId, { type: 'leave', actor: pro })).toEqual({});
    heads.retire(roomId);
    const late = await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: con, side: 'CON' });
    expect(late.rejection?.code).toBe('ROOM_CLOSED');
    expect((await storage.roomEvents.load(roomId)).map((e) => e.type)).toEqual([
      'RoomOpened',
      'DebaterJoined',
      'DebaterLeft',
      'RoomAbandoned',
    ]);
  });

  it('drops what is not a command on a node channel and keeps serving', async () => {
    const { roomId, pro } = await roomOnA();
    await nodes.b.pubsub.publish(rpcChannel('node-a'), { reqId: 'x', replyTo: 'node-b', roomId, epoch: 1, cmd: {} });
    await nodes.b.pubsub.publish(rpcChannel('node-a'), 'garbage');
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'CON' })).toEqual({});
  });

  /** Runs `during` while A hears no command (a stalled or dead owner), then lets A serve again. */
  const whileAStalls = async (during: () => Promise<void>) => {
    nodes.a.forwarding.stop();
    try {
      await during();
    } finally {
      nodes.a.forwarding = await forwardCommands({
        directory: nodes.a.directory,
        rooms: storage.rooms,
        pubsub: nodes.a.pubsub,
        owners: heads.view('node-a'),
        logger,
        ...TIMING,
      });
    }
  };

  /**
   * `node` takes the room over as a survivor does once its owner's lease lapsed: the claim in the
   * real heads, the room replayed there, an append of the new owner's own (a shift of deadlines
   * does the same) that moves the head unannounced, and the claim's notice.
   */
  const takeOver = async (node: Node, nodeId: string, roomId: string, since: number) => {
    const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ epoch: number; last_seq: number }>(
        'UPDATE room_heads SET node_id = $2, epoch = epoch + 1 WHERE room_id = $1 RETURNING epoch, last_seq',
        [roomId, nodeId],
      );
      const { epoch, last_seq: lastSeq } = rows[0]!;
      await node.directory.adopt({ roomId, epoch, lastSeq, lostAt: since }, since);
      const [newcomer] = await insertMembers(storage, 1);
      const own = await node.directory.dispatch(roomId, { type: 'joinAsObserver', actor: member(newcomer!.id) });
      expect(own.rejection).toBeUndefined();
      heads.set(roomId, { nodeId, epoch, lastSeq });
      heads.appended(roomId, lastSeq + 1);
    } finally {
      await client.end();
    }
  };

  /** A third node, stopped after `during`. */
  const withNodeC = async (during: (c: Node) => Promise<void>) => {
    const c = await startNode('c');
    try {
      await during(c);
    } finally {
      c.forwarding.stop();
      await c.directory.stop();
      await c.pubsub.close();
      await c.link.close();
    }
  };

  it('sends a command its silent owner did not apply on to the node that took the room over', async () => {
    const { roomId, pro, con } = await roomOnA();
    // B learns A as the owner; the log grows after that, and B follows it from there.
    expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsObserver', actor: con })).toEqual({});
    expect(
      (await nodes.a.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' })).rejection,
    ).toBe(undefined);
    const followed = await nodes.b.directory.elsewhere.follow(roomId);
    const [late] = await insertMembers(storage, 1);
    await withNodeC(async (c) => {
      await whileAStalls(async () => {
        const silentSince = Date.now();
        const sent = nodes.b.directory.dispatch(roomId, {
          type: 'joinAsDebater',
          actor: member(late!.id),
          side: 'CON',
        });
        // The takeover comes after A's answer is overdue, as a lapsed lease's does.
        await new Promise((r) => setTimeout(r, TIMING.answerWithinMs + 200));
        await takeOver(c, 'node-c', roomId, silentSince);
        expect(await sent).toEqual({});
      });
      expect(c.directory.live(roomId)!.state.seats.CON.map((s) => s.userId)).toEqual([late!.id]);
    });
    nodes.b.directory.elsewhere.unfollow(roomId, followed);
    const logged = (await storage.roomEvents.load(roomId)).map((e) => e.type);
    expect(logged).toEqual([
      'RoomOpened',
      'ObserverJoined',
      'DebaterJoined',
      'ObserverJoined',
      'DebaterJoined',
      'RecruitmentCompleted',
    ]);
  });

  it('refuses a command its silent owner may have applied, though another node took the room over', async () => {
    const { roomId, pro } = await roomOnA();
    const [watcher] = await insertMembers(storage, 1);
    await withNodeC(async (c) => {
      await whileAStalls(async () => {
        const silentSince = Date.now();
        const sent = nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' });
        // Meanwhile A still appends (it may have been running B's command): the log grew after the send.
        const meanwhile = await nodes.a.directory.dispatch(roomId, {
          type: 'joinAsObserver',
          actor: member(watcher!.id),
        });
        expect(meanwhile.rejection).toBeUndefined();
        await new Promise((r) => setTimeout(r, TIMING.answerWithinMs + 200));
        await takeOver(c, 'node-c', roomId, silentSince);
        expect((await sent).rejection?.code).toBe('ROOM_UNAVAILABLE');
      });
      expect(c.directory.live(roomId)!.state.seats.PRO).toEqual([]);
    });
    const logged = (await storage.roomEvents.load(roomId)).map((e) => e.type);
    expect(logged).toEqual(['RoomOpened', 'ObserverJoined', 'ObserverJoined']);
  });

  it.each([
    ['named by the heads', false],
    ['learned from an earlier answer', true],
  ])('refuses with ROOM_UNAVAILABLE when the owner %s does not answer, and applies nothing', async (_, learned) => {
    const { roomId, pro, con } = await roomOnA();
    if (learned) expect(await nodes.b.directory.dispatch(roomId, { type: 'joinAsObserver', actor: con })).toEqual({});
    const logged = async () => (await storage.roomEvents.load(roomId)).map((e) => e.type);
    const before = await logged();
    await whileAStalls(async () => {
      const refused = await nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: pro, side: 'PRO' });
      expect(refused.rejection).toEqual({
        code: 'ROOM_UNAVAILABLE',
        message: '토론방에 잠시 연결할 수 없어요. 잠시 후 다시 시도해 주세요.',
      });
      expect(await logged()).toEqual(before);
    });
  });

  it('sends a command on to the next owner when the named one does not run the room', async () => {
    await withNodeC(async (c) => {
      // C runs the room while the heads still name A (C's claim not announced yet): A answers "moved".
      const [pro, con] = await insertMembers(storage, 2);
      const roomId = randomUUID();
      await c.directory.open({ type: 'openRoom', roomId, settings: { ...SETTINGS, creatorId: pro!.id } });
      heads.set(roomId, { nodeId: 'node-a', epoch: 1, lastSeq: 1 });
      const sent = nodes.b.directory.dispatch(roomId, { type: 'joinAsDebater', actor: member(con!.id), side: 'CON' });
      setTimeout(() => heads.set(roomId, { nodeId: 'node-c', epoch: 2, lastSeq: 1 }), 100);
      expect(await sent).toEqual({});
      expect(c.directory.live(roomId)!.state.seats.CON.map((s) => s.userId)).toEqual([con!.id]);
      expect(nodes.a.directory.live(roomId)).toBeUndefined();
    });
  });
});
