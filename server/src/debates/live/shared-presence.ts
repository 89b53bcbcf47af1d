/**
 * Presence in this process, or shared by the nodes through Redis (server/src/redis/presence.ts).
 * Shared, the node beats its alive key, and the sessions of a node that went silent are purged
 * before each absentee sweep: a node that died never said goodbye for them.
 */
import type { AppDeps } from '../../deps.js';
import { redisPresenceStore } from '../../redis/presence.js';
import { memoryPresenceStore, type PresenceStore } from './presence-store.js';

/** How often a node says its sessions are still carried, and how long that holds without a new beat. */
const PRESENCE_BEAT_MS = 2_000;
const PRESENCE_ALIVE_MS = 10_000;

export interface SharedPresence {
  readonly store: PresenceStore;
  /** Purges the sessions of nodes that went silent (nothing in process). */
  beforeSweep(): Promise<void>;
  /** How long the sessions of a node that died may still count: a sweep sooner would find them. */
  readonly lapseMs: number;
  stop(): void;
}

/** The node's presence store, per its Redis link. */
export function sharedPresence(deps: AppDeps): SharedPresence {
  const { redis, logger } = deps;
  if (!redis)
    return { store: memoryPresenceStore(), beforeSweep: async () => undefined, lapseMs: 0, stop: () => undefined };
  const store = redisPresenceStore(redis, deps.config.nodeId);
  const beat = () =>
    store.beat(PRESENCE_ALIVE_MS).catch((err: unknown) => logger.warn({ err }, 'presence alive key not written'));
  void beat();
  const timer = setInterval(() => void beat(), PRESENCE_BEAT_MS);
  return {
    store,
    async beforeSweep() {
      const emptied = await store.purgeSilent();
      if (emptied.length > 0) logger.info({ entries: emptied.length }, 'presence of silent nodes purged');
    },
    lapseMs: PRESENCE_ALIVE_MS,
    stop: () => clearInterval(timer),
  };
}
