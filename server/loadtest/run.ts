/**
 * `pnpm loadtest` (loopback only, bounded in count and time): starts the real server as a child
 * process on a temp DATA_DIR (or uses LOADTEST_URL on loopback), signs members up through the demo
 * identity provider, connects rooms × (2 debaters + observers) STOMP clients and runs debates with
 * chat and votes for LOADTEST_SECONDS. Prints one JSON object: deliveries/s, p50/p99
 * publish→receipt latency, refusals, errors, and the server's memory and CPU per 1,000
 * connections, read from /proc/<pid> of the server alone. LOADTEST_SOAK=1 (or --soak) runs 10
 * minutes and adds the memory series sampled every 10 s with its slope.
 *
 * A started server runs the same load once per storage engine (LOADTEST_ENGINES, default
 * `sqlite,postgres`): on SQLite in its DATA_DIR, then on a database of a throwaway PostgreSQL
 * cluster (the machine's PostgreSQL binaries, fsync on), and the chat p99 of each is put side by side.
 */
import { cpus, loadavg } from 'node:os';
import { createDatabase, startPgCluster } from '../test/support/pg-cluster.js';
import { runLoad } from './load-run.js';
import { loadOptions, type LoadOptions } from './options.js';

/** PostgreSQL's chat p99 may be at most this many times SQLite's. */
const TARGET_RATIO = 1.5;
const log = (message: string) => process.stderr.write(`[loadtest] ${message}\n`);
const loads = () => loadavg().map((l) => Math.round(l * 100) / 100);

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

const options = loadOptions();
const machine = { cores: cpus().length, node: process.version, loadAverageBefore: loads() };
try {
  if (options.url) {
    const result = await runLoad(options, { url: options.url });
    process.stdout.write(`${JSON.stringify({ ...result, machine }, null, 2)}\n`);
    process.exitCode = result.errors > 0 ? 1 : 0;
  } else {
    const runs: Partial<Record<'sqlite' | 'postgres', Result>> = {};
    for (const engine of options.engines) runs[engine] = await onEngine(options, engine);
    const { sqlite, postgres } = runs;
    const [a, b] = [sqlite?.latencyMs.p99, postgres?.latencyMs.p99];
    const comparison =
      a != null && b != null
        ? { chatP99Ms: { sqlite: a, postgres: b }, ratio: Math.round((b / a) * 100) / 100, targetRatio: TARGET_RATIO }
        : undefined;
    const out = { ...runs, comparison, machine: { ...machine, loadAverageAfter: loads() } };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    process.exitCode = Object.values(runs).some((r) => r.errors > 0) ? 1 : 0;
  }
} catch (err) {
  log(`failed: ${(err as Error).stack ?? String(err)}`);
  process.exitCode = 1;
}
