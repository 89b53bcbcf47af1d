/**
 * Several server processes on loopback as one cluster: a fresh PostgreSQL database in the run's
 * cluster, a Redis of its own (test/support/redis-server.ts) and N child servers (the real entry
 * point through tsx, see loadtest/child-server.ts) with DATABASE_URL, REDIS_URL, NODE_ID and a
 * short lease. Helpers sign members up, connect STOMP clients to a chosen node, signal a node
 * (kill, pause, resume, restart) and read what PostgreSQL holds. Only the processes started here
 * are ever signalled.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import pg from 'pg';
import type { RoomEvent } from '@toron/engine';
import { openPgStorage } from '../../src/db/pg-storage.js';
import type { Storage } from '../../src/db/storage.js';
import { startChildServer, type ChildServer } from '../../loadtest/child-server.js';
import { inBatches, signUpMember, type Member } from '../../loadtest/identity.js';
import { StompClient } from '../../loadtest/stomp-client.js';
import { freshDatabase, type FreshDatabase } from '../support/engines.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

/** The lease and heartbeat the cluster tests run with (the defaults are 5 s and 1 s). */
const TEST_LEASE_MS = 2_000;
const TEST_HEARTBEAT_MS = 500;

export interface ClusterOptions {
  /** Number of nodes, named a, b, c, … (3 by default). */
  readonly nodes?: number;
  /** Extra environment for every node (DEBATE_TIME_SCALE, rate limits, …). */
  readonly env?: Readonly<Record<string, string>>;
}

interface ClusterNode {
  /** NODE_ID: `node-a`, `node-b`, … */
  readonly id: string;
  readonly url: string;
  /** The running process (replaced by `restart`). */
  readonly server: ChildServer;
}

export interface Cluster {
  readonly nodes: readonly ClusterNode[];
  readonly redis: RedisServer;
  readonly databaseUrl: string;
  /** CLUSTER_LEASE_MS of every node (2 s unless `env` says otherwise). */
  readonly leaseMs: number;
  /** Signs `n` members up through `node` (any node accepts their tokens). */
  members(node: ClusterNode, n: number): Promise<Member[]>;
  /** A STOMP client of `member` on `node` (the native `/ws` endpoint unless `endpoint` says otherwise). */
  connect(node: ClusterNode, member: Member, endpoint?: string, headers?: Record<string, string>): Promise<StompClient>;
  /** Sends `signal` to the node; SIGKILL and SIGTERM resolve once it has exited. */
  signal(node: ClusterNode, signal: 'SIGKILL' | 'SIGTERM' | 'SIGSTOP' | 'SIGCONT'): Promise<void>;
  /** Starts a stopped node again under the same id and port. */
  restart(node: ClusterNode): Promise<void>;
  /** A room's log as PostgreSQL holds it now. */
  log(roomId: string): Promise<RoomEvent[]>;
  /** One SQL statement on the cluster's database (room heads, node rows). */
  query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<R[]>;
  /** Stops every node, Redis, and drops the database. */
  stop(): Promise<void>;
}

let clusters = 0;

/** Starts Redis and the nodes (together) on a fresh database; the caller stops the cluster. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const database: FreshDatabase = await freshDatabase('postgres');
  const databaseUrl = database.env.DATABASE_URL!;
  const redis = await startRedisServer();
  const run = `${process.pid % 1000}c${clusters++}`;
  const dirs: string[] = [];
  const names = Array.from({ length: options.nodes ?? 3 }, (_, i) => String.fromCharCode(97 + i));
  const launch = (id: string, port?: number) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `toron-${id}-`));
    dirs.push(dataDir);
    return startChildServer({
      dataDir,
      port,
      env: {
        DATABASE_URL: databaseUrl,
        REDIS_URL: redis.url,
        NODE_ID: id,
        CLUSTER_LEASE_MS: String(TEST_LEASE_MS),
        CLUSTER_HEARTBEAT_MS: String(TEST_HEARTBEAT_MS),
        SEED_DEMO: 'false',
        ...options.env,
      },
    });
  };
  const nodes: { id: string; url: string; server: ChildServer }[] = [];
  let storage: Storage | null = null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.server.kill('SIGKILL')));
    await storage?.close();
    await pool.end();
    await redis.stop();
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const started = await Promise.all(names.map((name) => launch(`node-${name}`)));
    started.forEach((server, i) => nodes.push({ id: `node-${names[i]}`, url: server.url, server }));
    storage = await openPgStorage(databaseUrl, pino({ level: 'silent' }), 'tool');
  } catch (err) {
    await stop();
    throw err;
  }
  const opened = storage;
  let counter = 0;
  return {
    nodes,
    redis,
    databaseUrl,
    leaseMs: Number(options.env?.CLUSTER_LEASE_MS ?? TEST_LEASE_MS),
    members: (node, n) =>
      inBatches(
        Array.from({ length: n }, () => counter++),
        8,
        (i) => signUpMember(node.url, `cl-${run}-${i}`, `C${run}_${i}`),
      ),
    connect: (node, member, endpoint = '/ws', headers = {}) =>
      StompClient.connect(`${node.url.replace('http', 'ws')}${endpoint}`, member.accessToken, headers),
    async signal(node, signal) {
      if (signal === 'SIGKILL' || signal === 'SIGTERM') await node.server.kill(signal);
      else process.kill(node.server.pid, signal);
    },
    async restart(node) {
      const own = nodes.find((n) => n.id === node.id)!;
      own.server = await launch(own.id, own.server.port);
    },
    log: (roomId) => opened.roomEvents.load(roomId),
    query: async (text, params) => (await pool.query(text, params)).rows,
    stop,
  };
}
