/**
 * `pnpm loadtest` (loopback only, bounded in count and time): starts the real server as a child
 * process on a temp DATA_DIR (or uses running servers at LOADTEST_URLS on loopback, connections
 * spread over them round-robin), signs members up through the demo identity provider, connects
 * rooms × (2 debaters + observers) STOMP clients and runs debates with chat and votes for
 * LOADTEST_SECONDS. Prints one JSON object: deliveries/s, p50/p99 publish→receipt latency,
 * refusals, errors, and each server's memory and CPU (per 1,000 connections too), read from
 * /proc/<pid> of the servers alone. LOADTEST_SOAK=1 (or --soak) runs 10 minutes and adds the
 * memory series sampled every 10 s with its slope.
 *
 * A started server runs the same load once per storage engine (LOADTEST_ENGINES, default
 * `sqlite,postgres`): on SQLite in its DATA_DIR, then on a database of a throwaway PostgreSQL
 * cluster (the machine's PostgreSQL binaries, fsync on), and the chat p99 of each is put side by side.
 * LOADTEST_CLUSTER=1 (or --cluster) runs it instead on one node on SQLite, one node on PostgreSQL +
 * a throwaway Redis, then two and three such nodes, and compares them with the targets.
 * LOADTEST_NODE_CPUS gives each started node a CPU quota of its own (cpu-cap.ts), so that a node,
 * not the machine, is what saturates.
 */
import { cpus, loadavg } from 'node:os';
import { createDatabase, startPgCluster, type PgCluster } from '../test/support/pg-cluster.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { runLoad } from './load-run.js';
import { loadOptions, type LoadOptions } from './options.js';

/** PostgreSQL's chat p99 may be at most this many times SQLite's (one node each). */
const TARGET_RATIO = 1.5;
/** Two nodes keep their chat p99 within this many times one node's. */
const TWO_NODES_P99_RATIO = 2;
const log = (message: string) => process.stderr.write(`[loadtest] ${message}\n`);
const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a != null && b != null && b > 0 ? Math.round((a / b) * 100) / 100 : null;

type Result = Awaited<ReturnType<typeof runLoad>>;

async function onEngine(options: LoadOptions, engine: 'sqlite' | 'postgres'): Promise<Result> {
  log(`engine ${engine}`);
  if (engine === 'sqlite') return runLoad(options, { env: {} });
  const cluster = await startPgCluster({ durable: true });
  try {
    return await runLoad(options, { env: { DATABASE_URL: await createDatabase(cluster.adminUrl, 'loadtest') } });
  } finally {
    await cluster.stop();
  }
}

/** SQLite, then 1, 2 and 3 nodes (or `clusterNodes`) on one PostgreSQL and one Redis (a fresh database each). */
async function onClusters(options: LoadOptions) {
  log('one node on SQLite');
  const sqlite = await runLoad(options, { env: {} });
  const pg: PgCluster = await startPgCluster({ durable: true });
  const redis = await startRedisServer();
  const nodes: Record<string, Result> = {};
  try {
    for (const n of options.clusterNodes) {
      log(`${n} node(s) on PostgreSQL + Redis`);
      const env = { DATABASE_URL: await createDatabase(pg.adminUrl, `loadtest${n}`), REDIS_URL: redis.url };
      nodes[n] = await runLoad(options, { env, nodes: n });
    }
  } finally {
    await redis.stop();
    await pg.stop();
  }
  const [one, two] = [nodes[1], nodes[2]];
  const comparison = {
    cpuQuotaCoresPerNode: options.nodeCpus ?? null,
    chatP99Ms: {
      sqlite: sqlite.latencyMs.p99,
      ...Object.fromEntries(Object.entries(nodes).map(([n, r]) => [`nodes${n}`, r.latencyMs.p99])),
    },
    deliveriesPerSecond: Object.fromEntries(
      Object.entries(nodes).map(([n, r]) => [`nodes${n}`, r.deliveriesPerSecond]),
    ),
    onePgRedisOverSqliteP99: { ratio: ratio(one?.latencyMs.p99, sqlite.latencyMs.p99), target: `≤ ${TARGET_RATIO}` },
    twoOverOneDeliveries: {
      ratio: ratio(two?.deliveriesPerSecond, one?.deliveriesPerSecond),
      target: '≥ 1 at saturation',
    },
    twoOverOneP99: { ratio: ratio(two?.latencyMs.p99, one?.latencyMs.p99), target: `≤ ${TWO_NODES_P99_RATIO}` },
  };
  return {
    runs: { sqlite, ...Object.fromEntries(Object.entries(nodes).map(([n, r]) => [`nodes${n}`, r])) },
    comparison,
  };
}

const options = loadOptions();
const machine = { cores: cpus().length, node: process.version, loadAverageBefore: loads() };
try {
  if (options.urls) {
    const result = await runLoad(options, { urls: options.urls });
    process.stdout.write(`${JSON.stringify({ ...result, machine }, null, 2)}\n`);
    process.exitCode = result.errors > 0 ? 1 : 0;
  } else if (options.cluster) {
    const { runs, comparison } = await onClusters(options);
    const out = { ...runs, comparison, machine: { ...machine, loadAverageAfter: loads() } };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    process.exitCode = Object.values(runs).some((r) => r.errors > 0) ? 1 : 0;
  } else {
    const runs: Partial<Record<'sqlite' | 'postgres', Result>> = {};
    for (const engine of options.engines) runs[engine] = await onEngine(options, engine);
    const { sqlite, postgres } = runs;
    const [a, b] = [sqlite?.latencyMs.p99, postgres?.latencyMs.p99];
    const comparison =
      a != null && b != null
        ? { chatP99Ms: { sqlite: a, postgres: b }, ratio: ratio(b, a), targetRatio: TARGET_RATIO }
        : undefined;
    const out = { ...runs, comparison, machine: { ...machine, loadAverageAfter: loads() } };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    process.exitCode = Object.values(runs).some((r) => r.errors > 0) ? 1 : 0;
  }
} catch (err) {
  log(`failed: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
}
