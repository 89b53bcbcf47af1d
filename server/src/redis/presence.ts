/**
 * Presence across nodes. Each (room, role, user) is a Redis set of `node/session` members, so a
 * user's sessions on every node count together; scripts answer "first" on add and "last" on
 * remove atomically. Two indexes keep the sets findable: per room (to forget an ended room) and
 * per node (so that survivors purge a dead node's sessions, which never said goodbye). Which
 * entries a local session holds stays in this process: the session lives here. Each node beats an
 * alive key; a node whose key lapsed is presumed gone and its sessions are purged before anyone
 * is swept, and a node that finds its own key gone (Redis restarted, or it was presumed dead)
 * writes its sessions again.
 */
import type { PresenceEntry, PresenceRole } from '../debates/live/presence.js';
import type { PresenceStore } from '../debates/live/presence-store.js';
import type { RedisLink } from './connection.js';
import { luaScript } from './lua-script.js';

/** KEYS: the entry's set, its room index, the node's index. ARGV: the member. 1 when first. */
const add = luaScript(`
local before = redis.call('SCARD', KEYS[1])
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('SADD', KEYS[2], KEYS[1])
redis.call('SADD', KEYS[3], KEYS[1])
if before == 0 then return 1 end
return 0
`);

/** KEYS as for add. ARGV: the member, the node's prefix. 1 when the member was the last. */
const remove = luaScript(`
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return 0 end
local last = 0
if redis.call('SCARD', KEYS[1]) == 0 then
  redis.call('SREM', KEYS[2], KEYS[1])
  last = 1
end
for _, m in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if string.sub(m, 1, #ARGV[2]) == ARGV[2] then return last end
end
redis.call('SREM', KEYS[3], KEYS[1])
return last
`);

/** KEYS: the room index. Deletes the room's sets and takes them out of every node's index. */
const forgetRoom = luaScript(`
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, m in ipairs(redis.call('SMEMBERS', key)) do
    redis.call('SREM', 'pr-node:' .. string.match(m, '^([^/]*)/'), key)
  end
  redis.call('DEL', key)
end
redis.call('DEL', KEYS[1])
return 0
`);

/** KEYS: the dead node's index. ARGV: its prefix. Returns the sets it held the last members of. */
const purgeNode = luaScript(`
local emptied = {}
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  for _, m in ipairs(redis.call('SMEMBERS', key)) do
    if string.sub(m, 1, #ARGV[1]) == ARGV[1] then redis.call('SREM', key, m) end
  end
  if redis.call('SCARD', key) == 0 then
    redis.call('SREM', 'pr-room:' .. string.match(key, '^pr:(.*)|[^|]*|[^|]*$'), key)
    table.insert(emptied, key)
  end
end
redis.call('DEL', KEYS[1])
return emptied
`);

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
  const bySession = new Map<string, Map<string, PresenceEntry>>();
  const keys = (e: PresenceEntry) => [setKey(e), roomKey(e.roomId), nodeKey(nodeId)];
  const store: RedisPresenceStore = {
    async add(entry, sessionId) {
      const first = await add.run(link.commands, keys(entry), [prefix + sessionId]);
      const mine = bySession.get(sessionId) ?? new Map<string, PresenceEntry>();
      mine.set(setKey(entry), entry);
      bySession.set(sessionId, mine);
      return first === 1;
    },
    async remove(entry, sessionId) {
      const mine = bySession.get(sessionId);
      mine?.delete(setKey(entry));
      if (mine?.size === 0) bySession.delete(sessionId);
      return (await remove.run(link.commands, keys(entry), [prefix + sessionId, prefix])) === 1;
    },
    async has(entry) {
      return (await link.commands.sCard(setKey(entry))) > 0;
    },
    async forgetRoom(roomId) {
      for (const [sessionId, mine] of bySession) {
        for (const [key, entry] of mine) if (entry.roomId === roomId) mine.delete(key);
        if (mine.size === 0) bySession.delete(sessionId);
      }
      await forgetRoom.run(link.commands, [roomKey(roomId)], []);
    },
    async drop(sessionId) {
      const entries = [...(bySession.get(sessionId)?.values() ?? [])];
      bySession.delete(sessionId);
      const last = await Promise.all(entries.map((e) => store.remove(e, sessionId)));
      return entries.filter((_, i) => last[i]);
    },
    async purgeNode(deadId) {
      const emptied = await purgeNode.run(link.commands, [nodeKey(deadId)], [`${deadId}/`]);
      return (Array.isArray(emptied) ? emptied : []).flatMap((key) => entryOf(String(key)) ?? []);
    },
    async beat(aliveMs) {
      const fresh = await link.commands.set(aliveKey(nodeId), '1', { NX: true, PX: aliveMs });
      if (fresh !== 'OK') {
        await link.commands.pExpire(aliveKey(nodeId), aliveMs);
        return;
      }
      await link.commands.sAdd(NODES_KEY, nodeId);
      const held = [...bySession].flatMap(([sessionId, mine]) =>
        [...mine.values()].map((e) => [e, sessionId] as const),
      );
      await Promise.all(held.map(([entry, sessionId]) => add.run(link.commands, keys(entry), [prefix + sessionId])));
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
