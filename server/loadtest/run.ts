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
 *
 * LOADTEST_ROUNDS=n runs every configuration n times, taking turns (SQLite, PostgreSQL, SQLite, …),
 * and compares the p99 of all of a configuration's runs together: one run's p99 rests on a handful
 * of bursts, and whatever else the machine does meanwhile then falls on every configuration alike.
 */
import { cpus, loadavg } from 'node:os';
import { createDatabase, dropDatabase, startPgCluster, type PgCluster } from '../test/support/pg-cluster.js';
import { startRedisServer } from '../test/support/redis-server.js';
import { runLoad, type LoadRun } from './load-run.js';
import { LatencyHistogram } from './metrics.js';
import { loadOptions, type LoadOptions } from './options.js';

/** PostgreSQL's chat p99 may be at most this many times SQLite's (one node each). */
const TARGET_RATIO = 1.5;
/** Two nodes keep their chat p99 within this many times one node's. */
const TWO_NODES_P99_RATIO = 2;
const log = (message: string) => process.stderr.write(`[loadtest] ${message}\n`);
const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a != null && b != null && b > 0 ? Math.round((a / b) * 100) / 100 : null;

/** A configuration under load: its name in the output, and one run of it. */
interface Configuration {
  readonly name: string;
  readonly run: () => Promise<LoadRun>;
}

/** Every configuration's runs, `rounds` of each, the configurations taking turns in every round. */
async function inTurns(rounds: number, configurations: readonly Configuration[]): Promise<Map<string, LoadRun[]>> {
  const runs = new Map(configurations.map((c) => [c.name, [] as LoadRun[]]));
  for (let round = 1; round <= rounds; round++) {
    for (const { name, run } of configurations) {
      log(`${name}${rounds > 1 ? `, round ${round} of ${rounds}` : ''}`);
      runs.get(name)!.push(await run());
    }
  }
  return runs;
}

/** The chat latency of all of a configuration's runs together. */
const pooled = (runs: readonly LoadRun[]) => LatencyHistogram.pooled(runs.map((r) => r.latency));
const p99 = (runs: readonly LoadRun[] | undefined) => (runs ? pooled(runs).quantile(0.99) : null);
/** Mean deliveries/s over a configuration's runs. */
const deliveries = (runs: readonly LoadRun[]) =>
  Math.round(runs.reduce((sum, r) => sum + r.figures.deliveriesPerSecond, 0) / runs.length);
/** `b`'s p99 over `a`'s, all runs pooled, and round by round when there are several. */
const p99Ratio = (b: readonly LoadRun[] | undefined, a: readonly LoadRun[] | undefined) => ({
  ratio: ratio(p99(b), p99(a)),
  ...(a && b && a.length > 1
    ? { perRound: a.map((run, i) => ratio(b[i]?.figures.latencyMs.p99, run.figures.latencyMs.p99)) }
    : {}),
});

/** What a configuration prints: its one run, or each of its runs and their pooled chat latency. */
function printed(runs: readonly LoadRun[]) {
  if (runs.length === 1) return runs[0]!.figures;
  const all = pooled(runs);
  return {
    rounds: runs.map((r) => r.figures),
    pooledLatencyMs: { p50: all.quantile(0.5), p99: all.quantile(0.99), samples: all.count },
  };
}
const printedAll = (runs: Map<string, LoadRun[]>) =>
  Object.fromEntries([...runs].map(([name, r]) => [name, printed(r)]));

/** A run on a database of its own, dropped afterwards, so that no run's rows weigh on the next. */
async function onFreshDatabase(
  pg: PgCluster,
  prefix: string,
  run: (url: string) => Promise<LoadRun>,
): Promise<LoadRun> {
  const url = await createDatabase(pg.adminUrl, prefix);
  try {
    return await run(url);
  } finally {
    await dropDatabase(pg.adminUrl, url);
  }
}

/** The same load on each engine (a fresh database of one throwaway PostgreSQL for each run). */
async function onEngines(options: LoadOptions) {
  const pg = options.engines.includes('postgres') ? await startPgCluster({ durable: true }) : null;
  try {
    const runs = await inTurns(
      options.rounds,
      options.engines.map((engine) => ({
        name: engine,
        run: () =>
          engine === 'sqlite'
            ? runLoad(options, { env: {} })
            : onFreshDatabase(pg!, 'loadtest', (url) => runLoad(options, { env: { DATABASE_URL: url } })),
      })),
    );
    const [sqlite, postgres] = [runs.get('sqlite'), runs.get('postgres')];
    const comparison =
      sqlite && postgres
        ? {
            chatP99Ms: { sqlite: p99(sqlite), postgres: p99(postgres) },
            ...p99Ratio(postgres, sqlite),
            targetRatio: TARGET_RATIO,
          }
        : undefined;
    return { runs, comparison };
  } finally {
    await pg?.stop();
  }
}

/** SQLite, then 1, 2 and 3 nodes (or `clusterNodes`) on one PostgreSQL and one Redis (a fresh database each run). */
async function onClusters(options: LoadOptions) {
  const pg = await startPgCluster({ durable: true });
  const redis = await startRedisServer();
  try {
    const runs = await inTurns(options.rounds, [
      { name: 'sqlite', run: () => runLoad(options, { env: {} }) },
      ...options.clusterNodes.map((n) => ({
        name: `nodes${n}`,
        run: () =>
          onFreshDatabase(pg, `loadtest${n}`, (url) =>
            runLoad(options, { env: { DATABASE_URL: url, REDIS_URL: redis.url }, nodes: n }),
          ),
      })),
    ]);
    const [sqlite, one, two] = [runs.get('sqlite'), runs.get('nodes1'), runs.get('nodes2')];
    const nodes = [...runs].filter(([name]) => name !== 'sqlite');
    const comparison = {
      cpuQuotaCoresPerNode: options.nodeCpus ?? null,
      chatP99Ms: Object.fromEntries([...runs].map(([name, r]) => [name, p99(r)])),
      deliveriesPerSecond: Object.fromEntries(nodes.map(([name, r]) => [name, deliveries(r)])),
      onePgRedisOverSqliteP99: { ...p99Ratio(one, sqlite), target: `≤ ${TARGET_RATIO}` },
      twoOverOneDeliveries: {
        ratio: ratio(two && deliveries(two), one && deliveries(one)),
        target: '≥ 1 at saturation',
      },
      twoOverOneP99: { ...p99Ratio(two, one), target: `≤ ${TWO_NODES_P99_RATIO}` },
    };
    return { runs, comparison };
  } finally {
    await redis.stop();
    await pg.stop();
  }
}

const options = loadOptions();
const machine = { cores: cpus().length, node: process.version, loadAverageBefore: loads() };
try {
  if (options.urls) {
    const { figures } = await runLoad(options, { urls: options.urls });
    process.stdout.write(`${JSON.stringify({ ...figures, machine }, null, 2)}\n`);
    process.exitCode = figures.errors > 0 ? 1 : 0;
  } else {
    const { runs, comparison } = options.cluster ? await onClusters(options) : await onEngines(options);
    const out = { ...printedAll(runs), comparison, machine: { ...machine, loadAverageAfter: loads() } };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    process.exitCode = [...runs.values()].flat().some((r) => r.figures.errors > 0) ? 1 : 0;
  }
} catch (err) {
  log(`failed: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
}
