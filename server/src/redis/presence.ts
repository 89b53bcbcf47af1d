/**
 * Presence across nodes. Each (room, role, user) is a Redis set of `node/session` members, so a
 * user's sessions on every node count together; scripts answer "first" on add and "last" on
 * remove atomically. Two indexes keep the sets findable: per room (to forget an ended room) and
 * per node (so that survivors purge a dead node's sessions, which never said goodbye). Which
 * entries a local session holds stays in this process: the session lives here. Each node beats an
 * alive key; a node whose key lapsed is presumed gone and its sessions are purged before anyone
 * is swept, and a node that finds its own key gone (Redis restarted, or it was presumed dead)
 * writes its sessions again. While Redis is unreachable a node counts its own sessions only (a
 * join or leave is answered, not lost); once Redis is back it writes what changed meanwhile.
 */
import { Presence, type PresenceEntry, type PresenceRole } from '../debates/live/presence.js';
import type { PresenceStore } from '../debates/live/presence-store.js';
import type { RedisLink } from './connection.js';
import * as scripts from './presence-scripts.js';

const setKey = (e: PresenceEntry) => `pr:${e.roomId}|${e.role}|${e.userId}`;
const roomKey = (roomId: string) => `pr-room:${roomId}`;
const nodeKey = (nodeId: string) => `pr-node:${nodeId}`;
const aliveKey = (nodeId: string) => `pr-alive:${nodeId}`;
/** Every node that has beaten, so that a silent one is found. */
const NODES_KEY = 'pr-nodes';

/** The entry a set's key names (room ids may hold `|`, role and user id never do). */
function entryOf(key: string): PresenceEntry | null {
  const m = /^pr:(.*)\|(debater|observer)\|(\d+)$/.exec(key);
  return m ? { roomId: m[1]!, role: m[2] as PresenceRole, userId: Number(m[3]) } : null;
}

export interface RedisPresenceStore extends PresenceStore {
  /** Removes every session of a node presumed dead; returns the entries nobody carries any more. */
  purgeNode(nodeId: string): Promise<PresenceEntry[]>;
  /** Says this node is alive for `aliveMs`; when its key had lapsed, writes its sessions again first. */
  beat(aliveMs: number): Promise<void>;
  /** Purges every other node whose alive key lapsed; returns the entries nobody carries any more. */
  purgeSilent(): Promise<PresenceEntry[]>;
}

/** Presence of node `nodeId` (no `/` in it) in the Redis every node shares. */
export function redisPresenceStore(link: RedisLink, nodeId: string): RedisPresenceStore {
  if (nodeId.includes('/')) throw new Error(`A node id holds no "/": ${nodeId}`);
  const prefix = `${nodeId}/`;
  /** This node's own sessions and what they carry: what Redis holds of this node, and the answer while it is away. */
  const here = new Presence();
  const keys = (e: PresenceEntry) => [setKey(e), roomKey(e.roomId), nodeKey(nodeId)];
  /** Runs `shared` against Redis; while Redis is unreachable (or fails now), answers `local()` instead. */
  const orLocally = async <T>(shared: () => Promise<T>, local: () => T): Promise<T> => {
    if (!link.up) return local();
    try {
      return await shared();
    } catch {
      return local(); // the connection's own logging reports the loss once
    }
  };
  /** Once Redis is back: this node's members there become exactly its sessions here. */
  const resync = async () => {
    for (const key of await link.commands.sMembers(nodeKey(nodeId))) {
      const entry = entryOf(key);
      if (!entry) continue;
      for (const member of await link.commands.sMembers(key)) {
        if (member.startsWith(prefix) && !here.carries(entry, member.slice(prefix.length)))
          await scripts.remove.run(link.commands, keys(entry), [member, prefix]);
      }
    }
    await Promise.all(
      [...here.held()].map(([entry, sessionId]) => scripts.add.run(link.commands, keys(entry), [prefix + sessionId])),
    );
  };
  link.onRestored(() => void resync().catch(() => undefined)); // a failure leaves it to the next beat
  const store: RedisPresenceStore = {
    async add(entry, sessionId) {
      const firstHere = here.add(entry, sessionId);
      return orLocally(
        async () => (await scripts.add.run(link.commands, keys(entry), [prefix + sessionId])) === 1,
        () => firstHere,
      );
    },
    async remove(entry, sessionId) {
      here.remove(entry, sessionId);
      return orLocally(
        async () => (await scripts.remove.run(link.commands, keys(entry), [prefix + sessionId, prefix])) === 1,
        () => !here.has(entry),
      );
    },
    async has(entry) {
      return orLocally(
        async () => (await link.commands.sCard(setKey(entry))) > 0,
        () => here.has(entry),
      );
    },
    async forgetRoom(roomId) {
      here.forgetRoom(roomId);
      await orLocally(
        () => scripts.forgetRoom.run(link.commands, [roomKey(roomId)], []),
        () => undefined,
      );
    },
    async drop(sessionId) {
      const entries = here.entriesOf(sessionId);
      const last = await Promise.all(entries.map((e) => store.remove(e, sessionId)));
      return entries.filter((_, i) => last[i]);
    },
    async purgeNode(deadId) {
      const emptied = await scripts.purgeNode.run(link.commands, [nodeKey(deadId)], [`${deadId}/`]);
      return (Array.isArray(emptied) ? emptied : []).flatMap((key) => entryOf(String(key)) ?? []);
    },
    async beat(aliveMs) {
      const fresh = await link.commands.set(aliveKey(nodeId), '1', { NX: true, PX: aliveMs });
      if (fresh !== 'OK') {
        await link.commands.pExpire(aliveKey(nodeId), aliveMs);
        return;
      }
      await link.commands.sAdd(NODES_KEY, nodeId);
      await resync();
    },
    async purgeSilent() {
      const emptied: PresenceEntry[] = [];
      for (const other of await link.commands.sMembers(NODES_KEY)) {
        if (other === nodeId || (await link.commands.exists(aliveKey(other))) === 1) continue;
        emptied.push(...(await store.purgeNode(other)));
        await link.commands.sRem(NODES_KEY, other);
      }
      return emptied;
    },
  };
  return store;
}
