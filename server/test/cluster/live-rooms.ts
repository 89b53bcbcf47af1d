/**
 * Live debate rooms on a cluster for the failover tests: rooms opened through chosen nodes, their
 * members spread over the nodes from the one running each room (read from the room heads) and
 * chatting, clients moved off a node that went away, and the checks of a finished room (timers once, whole streams,
 * every accepted command logged).
 */
import type { RoomEvent } from '@toron/engine';
import { afterAll, beforeAll, expect } from 'vitest';
import { createRoom, type RoomRequest } from '../../loadtest/identity.js';
import {
  expectTimersOnce,
  expectWholeStream,
  FAST_DEBATES,
  inBatches,
  Participant,
  until,
} from '../reliability/support.js';
import { startCluster, type Cluster } from './harness.js';

export type Kind = 'waiting' | 'debating' | 'voting' | 'long';
/** Voting rooms: 30 s turns, so voting opens while the 50 s turns of the debating rooms still run. */
const SETTINGS: Record<Kind, Omit<RoomRequest, 'title'>> = {
  waiting: { time: 'T3', speakCount: 'THREE', resultEnabled: false },
  debating: { time: 'T5', speakCount: 'THREE', resultEnabled: false },
  voting: { time: 'T3', speakCount: 'THREE', resultEnabled: true },
  // 120 s turns (9.6 s at the tests' time scale): still debating while nodes stop and start.
  long: { time: 'T12', speakCount: 'THREE', resultEnabled: false },
};
const CHAT_EVERY_MS = 700; // under the chat limit of 5 messages per 3 s
/** The event an accepted command of each kind must have logged. */
const LOGGED_AS = { speak: 'Spoke', 'observer-chat': 'ObserverChatted', vote: 'Voted' } as const;

export interface Room {
  readonly id: string;
  readonly kind: Kind;
  readonly pro: Participant;
  readonly con: Participant;
  readonly observer: Participant;
}
type ClusterNode = Cluster['nodes'][number];
/** A room seen taken over. */
interface Taken {
  readonly nodeId: string;
  readonly epoch: number;
  /** PostgreSQL's clock when the claim was first seen (the claim came at or before it). */
  readonly seenAt: number;
}

export const people = (r: Room): Participant[] => [r.pro, r.con, r.observer];

export function shiftsOf(log: readonly RoomEvent[]): number[] {
  return log.flatMap((e) => (e.type === 'DeadlinesShifted' ? [e.byMs] : []));
}

/** Every accepted speech, chat message and ballot of `p` has its event in the log. */
function expectRepliesLogged(p: Participant, log: readonly RoomEvent[]): void {
  for (const [command, type] of Object.entries(LOGGED_AS)) {
    const accepted = p.replies.filter((r) => r.command === command && r.ok).length;
    const logged = log.filter((e) => e.type === type && e.userId === p.member.userId).length;
    expect(logged, `${p.member.nickname} ${command}`).toBeGreaterThanOrEqual(accepted);
  }
}

/** A finished room: timers once, every stream whole, every accepted command logged. */
export function expectWhole(r: Room, log: readonly RoomEvent[]): void {
  expectTimersOnce(log, r.kind);
  for (const p of people(r)) {
    expectWholeStream(p, log);
    expectRepliesLogged(p, log);
  }
}

/** The rooms of one cluster and their participants (closed with `close`). */
function liveRooms(cluster: Cluster) {
  const everyone: Participant[] = [];
  /** The node each connected participant is on. */
  const placed = new Map<Participant, ClusterNode>();
  const connect = async (p: Participant, node: ClusterNode, takePlace = true) => {
    placed.set(p, node);
    await p.connect(node.server, takePlace);
  };
  /** Reconnects a participant on `node` (a rejoin, its stream resumed by seq). */
  const move = async (p: Participant, node: ClusterNode) => {
    p.client?.terminate();
    await connect(p, node);
  };
  const nodeNamed = (id: string): ClusterNode => cluster.nodes.find((n) => n.id === id)!;
  const heads = (roomIds: readonly string[]) =>
    cluster.query<{ room_id: string; node_id: string | null; epoch: number; now: string }>(
      `SELECT room_id, node_id, epoch, floor(extract(epoch from clock_timestamp()) * 1000)::bigint AS now
         FROM room_heads WHERE room_id = ANY($1)`,
      [roomIds],
    );
  /** Where each room runs now (rooms that ended have no head). */
  const ownersOf = async (rooms: readonly Room[]) =>
    new Map((await heads(rooms.map((r) => r.id))).map((h) => [h.room_id, h.node_id]));

  return {
    heads,
    ownersOf,

    /** Opens rooms of the given kinds, the i-th through `through(i)` (which runs it), members signed up there. */
    async open(kinds: readonly Kind[], through: (i: number) => ClusterNode): Promise<Room[]> {
      const rooms: Room[] = [];
      await inBatches(kinds, 4, async (kind, i) => {
        const node = through(i);
        const [pro, con, observer] = await cluster.members(node, 3);
        const id = await createRoom(node.url, pro!.accessToken, { title: `장애 넘김 ${i}`, ...SETTINGS[kind] });
        rooms[i] = {
          id,
          kind,
          pro: new Participant(pro!, id, { kind: 'debater', side: 'PRO' }),
          con: new Participant(con!, id, { kind: 'debater', side: 'CON' }),
          observer: new Participant(observer!, id, { kind: 'observer' }),
        };
      });
      everyone.push(...rooms.flatMap(people));
      return rooms;
    },

    /**
     * Connects participants, seats them all at once and starts their chat: each room's PRO on the
     * node running it, its CON and observer on the next two nodes of `among` (so every node carries
     * clients of rooms it runs and of rooms it does not).
     */
    async seat(
      rooms: readonly Room[],
      who: (r: Room) => Participant[] = people,
      among: readonly ClusterNode[] = cluster.nodes,
    ): Promise<void> {
      const owners = await ownersOf(rooms);
      const seated = rooms.flatMap((r) => {
        const at = among.indexOf(nodeNamed(owners.get(r.id)!));
        return who(r).map((p) => [p, among[(at + people(r).indexOf(p)) % among.length]!] as const);
      });
      await inBatches(seated, 16, ([p, node]) => connect(p, node, false));
      await Promise.all(seated.map(([p]) => p.takePlace()));
      for (const [p] of seated) p.chat(CHAT_EVERY_MS);
    },

    /**
     * Waits until no room of `roomIds` is left to `gone` or unowned, noting who took each, under
     * which epoch, and PostgreSQL's time when it was first seen taken.
     */
    async takeovers(roomIds: readonly string[], gone: string, timeoutMs: number): Promise<Map<string, Taken>> {
      const taken = new Map<string, Taken>();
      const end = Date.now() + timeoutMs;
      while (taken.size < roomIds.length) {
        if (Date.now() > end)
          throw new Error(`rooms not taken over: ${roomIds.filter((id) => !taken.has(id)).join(', ')}`);
        for (const h of await heads(roomIds.filter((id) => !taken.has(id))))
          if (h.node_id !== null && h.node_id !== gone)
            taken.set(h.room_id, { nodeId: h.node_id, epoch: h.epoch, seenAt: Number(h.now) });
        await new Promise((r) => setTimeout(r, 50));
      }
      return taken;
    },

    /**
     * Moves the clients that were on `gone` to another node (a rejoin, streams resumed by seq): a
     * room that changed hands to its new node, any other room to the first node still running.
     */
    async evacuate(gone: ClusterNode, rooms: readonly Room[], taken: ReadonlyMap<string, Taken>): Promise<void> {
      const other = cluster.nodes.find((n) => n !== gone)!;
      const moving = rooms.flatMap((r) =>
        people(r)
          .filter((p) => placed.get(p) === gone)
          .map((p) => [p, r] as const),
      );
      await inBatches(moving, 16, ([p, r]) => {
        const owner = taken.get(r.id)?.nodeId;
        return move(p, owner ? nodeNamed(owner) : other);
      });
    },

    move,

    /** Waits for every room to end, stops the chat, and reads the logs. */
    async finish(rooms: readonly Room[]): Promise<Map<string, RoomEvent[]>> {
      await until(() => rooms.every((r) => people(r).every((p) => p.ended)), 'every room to end', 120_000);
      for (const p of rooms.flatMap(people)) p.stopChat();
      return new Map(await Promise.all(rooms.map(async (r) => [r.id, await cluster.log(r.id)] as const)));
    },

    close(): void {
      for (const p of everyone) p.close();
    },
  };
}

export type LiveRooms = ReturnType<typeof liveRooms>;

/**
 * Three nodes at test debate speed with their live rooms, for one describe block: started before
 * its tests, stopped after. Read `cluster` and `live` inside the tests (they are set by then).
 */
export function threeLiveNodes(): { readonly cluster: Cluster; readonly live: LiveRooms } {
  const nodes = {} as { cluster: Cluster; live: LiveRooms };
  beforeAll(async () => {
    nodes.cluster = await startCluster({ nodes: 3, env: FAST_DEBATES });
    nodes.live = liveRooms(nodes.cluster);
  }, 180_000);
  afterAll(async () => {
    nodes.live?.close();
    await nodes.cluster?.stop();
  });
  return nodes;
}
