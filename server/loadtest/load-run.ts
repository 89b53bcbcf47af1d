/**
 * One load-test run against one server: a child server started on a temp DATA_DIR with the
 * target's environment (its database), or a running server at a loopback URL. See run.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleProcess, startChildServer, type ChildServer } from './child-server.js';
import { inBatches, signUpMember, type Member } from './identity.js';
import { Metrics } from './metrics.js';
import type { LoadOptions } from './options.js';
import { openParticipants } from './participants.js';
import { RoomSlot } from './room-slot.js';
import { memorySeries, serverMemory, type EventLoopDelay, type ServerMemory } from './server-memory.js';
import type { StompClient } from './stomp-client.js';

const MB = 1024 * 1024;
const mb = (bytes: number | null | undefined) => (bytes == null ? null : Number((bytes / MB).toFixed(1)));
const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (message: string) => process.stderr.write(`[loadtest] ${message}\n`);
/** The worst of the per-interval event-loop delay readings (p99 and max over the whole window). */
const worstLoop = (loops: readonly (EventLoopDelay | null)[]) => {
  const seen = loops.filter((l): l is EventLoopDelay => l !== null);
  return seen.length === 0
    ? null
    : { p99Ms: Math.max(...seen.map((l) => l.p99Ms)), maxMs: Math.max(...seen.map((l) => l.maxMs)) };
};

/** LOADTEST_CPU_PROF=<dir>: the server child writes a V8 CPU profile there when it exits (open it in DevTools). */
const cpuProfileFlags = (): string[] => {
  const dir = process.env.LOADTEST_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
};

/** Where a run goes: a server of ours to start with this environment, or one already running. */
export type LoadTarget =
  | { readonly env: Readonly<Record<string, string>>; readonly url?: undefined }
  | { readonly url: string; readonly env?: undefined };

/** Runs the load once and returns its figures (errors counted in `errors`); throws when the run cannot go on. */
export async function runLoad(options: LoadOptions, target: LoadTarget) {
  const metrics = new Metrics();
  const dataDir = target.url ? null : mkdtempSync(path.join(tmpdir(), 'toron-loadtest-'));
  const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.ts');
  let server: ChildServer | null = null;
  const clients: StompClient[] = [];
  let stopping = false;

  try {
    if (dataDir) {
      server = await startChildServer({
        dataDir,
        // Each pooled observer watches every room on a connection of its own.
        env: { ...target.env, DEBATE_TIME_SCALE: String(options.timeScale), LIVE_CONNECTIONS_PER_USER: '10000' },
        imports: [probe],
        nodeFlags: ['--expose-gc', ...cpuProfileFlags()],
        compiled: true,
      });
      log(`server pid ${server.pid} on ${server.url}`);
    }
    const base = target.url ?? server!.url;
    const memory = (): Promise<ServerMemory | null> => (server ? serverMemory(server) : Promise.resolve(null));

    // Members, each signed up like a browser would: 2 debaters per room, and a pool of observers
    // (LOADTEST_OBSERVER_USERS, default one room's worth) whose members watch every room, each
    // room on a connection of its own.
    const perRoom = 2 + options.observers;
    const tag = Math.random().toString(36).slice(2, 5);
    const started = performance.now();
    const signUp = (n: number) =>
      inBatches(
        Array.from({ length: n }, (_, i) => i),
        8,
        (i) => signUpMember(base, `loadtest-${tag}-${i}`, `L${tag}${i}`),
      );
    const accounts = await signUp(options.rooms * 2 + options.observerUsers);
    const pool = accounts.slice(options.rooms * 2);
    const members: Member[] = Array.from({ length: options.rooms }, (_, r) => [
      accounts[2 * r]!,
      accounts[2 * r + 1]!,
      ...Array.from({ length: options.observers }, (_, j) => pool[(r + j) % pool.length]!),
    ]).flat();
    log(`${accounts.length} members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const idle = await memory();
    const ws = `${base.replace(/^http/, 'ws')}/ws`;
    const participants = await openParticipants(ws, members, metrics, clients, () => stopping);
    const connected = await memory();
    log(`${participants.length} connections open`);

    const slots = Array.from({ length: options.rooms }, (_, r) => {
      const mine = participants.slice(r * perRoom, (r + 1) * perRoom);
      return new RoomSlot(base, mine[0]!, mine[1]!, mine.slice(2), options.chatRate, metrics);
    });
    const cpuStart = server ? sampleProcess(server.pid).cpuSeconds : 0;
    const selfCpuStart = process.cpuUsage();
    // The generator's own loop: when it lags, measured latency includes the generator's wait, not the server's.
    const selfLoop = monitorEventLoopDelay({ resolution: 10 });
    selfLoop.enable();
    const windowStart = performance.now();
    const running = slots.map((s) => s.run());
    // Inside the window the readings collect no garbage (a forced full collection would stall the
    // server it measures), except in the soak, whose memory series compares live heap.
    const reading = (): Promise<ServerMemory | null> =>
      server ? serverMemory(server, options.soak) : Promise.resolve(null);
    const series = await memorySeries(options.seconds * 1000, options.sampleSeconds * 1000, reading, (s) =>
      log(
        `t=${s.t}s rss=${mb(s.rssBytes)} MB heap=${mb(s.heapUsedBytes)} MB ` +
          `loop p99=${s.loop?.p99Ms ?? '?'} ms deliveries=${metrics.deliveries}`,
      ),
    );
    for (const s of slots) s.stop();
    const windowMs = performance.now() - windowStart;
    const cpuSeconds = server ? sampleProcess(server.pid).cpuSeconds - cpuStart : null;
    const selfCpu = process.cpuUsage(selfCpuStart);
    selfLoop.disable();
    await Promise.race([Promise.all(running), sleep(5_000)]);
    await sleep(1_000); // drain what is in flight
    const loaded = await memory();

    stopping = true;
    for (const c of clients) c.terminate();
    let shutdownMs: number | null = null;
    if (server) {
      const signalled = performance.now();
      const exit = await server.kill('SIGTERM');
      shutdownMs = Math.round(exit.at - signalled);
      if (exit.code !== 0) metrics.error(`server exit code ${exit.code ?? exit.signal}`);
    }

    const connections = participants.length;
    const per1000 = (bytes: number | null) => (bytes === null ? null : mb((bytes * 1000) / connections));
    const cores = cpuSeconds === null ? null : cpuSeconds / (windowMs / 1000);
    const result = {
      target: server ? `child server pid ${server.pid} (DEBATE_TIME_SCALE ${options.timeScale})` : target.url,
      rooms: options.rooms,
      observersPerRoom: options.observers,
      connections,
      seconds: Number((windowMs / 1000).toFixed(1)),
      offered: {
        chatPerSecond: Number((options.rooms * (options.chatRate + 1)).toFixed(1)),
        note: 'observer chat per room + 1 speech/s by the speaking debater',
      },
      roomsOpened: metrics.roomsOpened,
      roomsEnded: metrics.roomsEnded,
      chatSent: metrics.chatSent,
      votesSent: metrics.votesSent,
      deliveriesPerSecond: Math.round((metrics.deliveries * 1000) / windowMs),
      chatDeliveriesPerSecond: Math.round((metrics.chatDeliveries * 1000) / windowMs),
      latencyMs: {
        p50: metrics.latency.quantile(0.5),
        p99: metrics.latency.quantile(0.99),
        samples: metrics.latency.count,
      },
      refusals: metrics.refusals,
      errors: metrics.errorCount,
      errorKinds: metrics.errors,
      server: server && {
        rssMb: { idle: mb(idle?.rssBytes), connected: mb(connected?.rssBytes), afterLoad: mb(loaded?.rssBytes) },
        heapUsedMb: {
          idle: mb(idle?.heapUsedBytes),
          connected: mb(connected?.heapUsedBytes),
          afterLoad: mb(loaded?.heapUsedBytes),
        },
        per1000Connections: {
          rssMb: per1000(loaded ? loaded.rssBytes : null),
          rssGrowthMb: per1000(idle && loaded ? loaded.rssBytes - idle.rssBytes : null),
          heapGrowthMb: per1000(
            idle?.heapUsedBytes != null && loaded?.heapUsedBytes != null
              ? loaded.heapUsedBytes - idle.heapUsedBytes
              : null,
          ),
          note:
            'rssMb: the whole process under load per 1,000 connections; ' +
            'growth: under load minus idle (members signed up, nobody connected), heap after a full GC',
          cpuPercent: cores === null ? null : Number(((cores * 100 * 1000) / connections).toFixed(1)),
        },
        cpuPercentOfOneCore: cores === null ? null : Number((cores * 100).toFixed(1)),
        eventLoopDelayMs: worstLoop(series.samples.slice(1).map((s) => s.loop)), // the first reading covers the set-up
        shutdownMs,
      },
      loadGenerator: {
        cpuPercentOfOneCore: Number((((selfCpu.user + selfCpu.system) / 1000 / windowMs) * 100).toFixed(1)),
        rssMb: mb(process.memoryUsage().rss),
        eventLoopDelayMs: { p99Ms: ms(selfLoop.percentile(99)), maxMs: ms(selfLoop.max) },
      },
      ...(options.soak ? { soak: series } : {}),
    };
    return result;
  } catch (err) {
    if (server) log(`server output:\n${server.output()}`);
    throw err;
  } finally {
    for (const c of clients) c.terminate();
    if (server) await server.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
