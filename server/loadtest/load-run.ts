/**
 * One load-test run against one server or several nodes of one cluster: child servers started on
 * temp DATA_DIRs with the target's environment (its database, and Redis for several), or running
 * servers at loopback URLs. Connections are spread over the nodes round-robin, and each room is
 * opened through the next node, so on several nodes most commands are forwarded to the room's
 * owner and most deliveries cross Redis. See run.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sampleProcess, startChildServer, type ChildServer } from './child-server.js';
import { capCpu, type CpuCap } from './cpu-cap.js';
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
/** The worst of event-loop delay readings (intervals of a window, or nodes). */
const worstDelay = (loops: readonly (EventLoopDelay | null)[]): EventLoopDelay | null => {
  const seen = loops.filter((l): l is EventLoopDelay => l !== null);
  const worst = (pick: (l: EventLoopDelay) => number) => Math.max(...seen.map(pick));
  return seen.length === 0
    ? null
    : { p50Ms: worst((l) => l.p50Ms), p99Ms: worst((l) => l.p99Ms), maxMs: worst((l) => l.maxMs) };
};
/** p99 and max of the worst readings over the whole window. */
const worstLoop = (loops: readonly (EventLoopDelay | null)[]) => {
  const worst = worstDelay(loops);
  return worst && { p99Ms: worst.p99Ms, maxMs: worst.maxMs };
};

/** LOADTEST_CPU_PROF=<dir>: the server child writes a V8 CPU profile there when it exits (open it in DevTools). */
const cpuProfileFlags = (): string[] => {
  const dir = process.env.LOADTEST_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
};

/** Where a run goes: `nodes` servers of ours (1 by default) to start with this environment, or running ones. */
export type LoadTarget =
  | { readonly env: Readonly<Record<string, string>>; readonly nodes?: number; readonly urls?: undefined }
  | { readonly urls: readonly string[]; readonly env?: undefined };

/** A node's own figures: CPU over the window and memory under load. */
const nodeFigures = (server: ChildServer, cpuSeconds: number, windowMs: number, loaded: ServerMemory | null) => ({
  pid: server.pid,
  url: server.url,
  cpuPercentOfOneCore: Number(((cpuSeconds / (windowMs / 1000)) * 100).toFixed(1)),
  rssMb: mb(loaded?.rssBytes),
  heapUsedMb: mb(loaded?.heapUsedBytes),
});

/** Sums a reading over the nodes (null when any node did not answer). */
const total = (readings: readonly (number | null | undefined)[]): number | null =>
  readings.some((r) => r == null) ? null : readings.reduce<number>((sum, r) => sum + r!, 0);
const sumMemory = (readings: readonly (ServerMemory | null)[]): ServerMemory | null =>
  readings.length === 0 || readings.some((r) => r === null)
    ? null
    : {
        rssBytes: total(readings.map((r) => r!.rssBytes))!,
        heapUsedBytes: total(readings.map((r) => r!.heapUsedBytes)),
        externalBytes: total(readings.map((r) => r!.externalBytes)),
        loop: worstDelay(readings.map((r) => r!.loop)),
      };

/** One run: the figures it prints, and its chat latencies, which several runs pool. */
export type LoadRun = Awaited<ReturnType<typeof runLoad>>;

/**
 * Runs the load once and returns its figures (errors counted in `errors`) with its chat latency
 * histogram; throws when the run cannot go on.
 */
export async function runLoad(options: LoadOptions, target: LoadTarget) {
  const metrics = new Metrics();
  const count = target.urls ? 0 : (target.nodes ?? 1);
  const dataDirs = Array.from({ length: count }, () => mkdtempSync(path.join(tmpdir(), 'toron-loadtest-')));
  const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.ts');
  const servers: ChildServer[] = [];
  const caps: CpuCap[] = [];
  const clients: StompClient[] = [];
  let stopping = false;

  try {
    // Started one after another: the first migrates and seeds the database the others share.
    for (const [i, dataDir] of dataDirs.entries()) {
      const server = await startChildServer({
        dataDir,
        // Each pooled observer watches every room on a connection of its own.
        env: {
          ...target.env,
          ...(count > 1 ? { NODE_ID: `load-${i + 1}` } : {}),
          DEBATE_TIME_SCALE: String(options.timeScale),
          LIVE_CONNECTIONS_PER_USER: '10000',
        },
        imports: [probe],
        nodeFlags: ['--expose-gc', ...cpuProfileFlags()],
        compiled: true,
      });
      servers.push(server);
      if (options.nodeCpus) caps.push(capCpu(server.pid, options.nodeCpus));
      log(`server pid ${server.pid} on ${server.url}${options.nodeCpus ? ` (${options.nodeCpus} cores)` : ''}`);
    }
    const bases = target.urls ?? servers.map((s) => s.url);
    const base = bases[0]!;
    const memories = async (collect = true) => Promise.all(servers.map((s) => serverMemory(s, collect)));
    const memory = async (): Promise<ServerMemory | null> => sumMemory(await memories());

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
    const sockets = bases.map((b) => `${b.replace(/^http/, 'ws')}/ws`);
    const participants = await openParticipants(sockets, members, metrics, clients, () => stopping);
    const connected = await memory();
    log(`${participants.length} connections open`);

    const slots = Array.from({ length: options.rooms }, (_, r) => {
      const mine = participants.slice(r * perRoom, (r + 1) * perRoom);
      return new RoomSlot(bases[r % bases.length]!, mine[0]!, mine[1]!, mine.slice(2), options.chatRate, metrics);
    });
    const cpuStarts = servers.map((s) => sampleProcess(s.pid).cpuSeconds);
    const selfCpuStart = process.cpuUsage();
    // The generator's own loop: when it lags, measured latency includes the generator's wait, not the server's.
    const selfLoop = monitorEventLoopDelay({ resolution: 10 });
    selfLoop.enable();
    const windowStart = performance.now();
    const running = slots.map((s) => s.run());
    // Inside the window the readings collect no garbage (a forced full collection would stall the
    // server it measures), except in the soak, whose memory series compares live heap.
    const reading = async (): Promise<ServerMemory | null> => sumMemory(await memories(options.soak));
    const series = await memorySeries(options.seconds * 1000, options.sampleSeconds * 1000, reading, (s) =>
      log(
        `t=${s.t}s rss=${mb(s.rssBytes)} MB heap=${mb(s.heapUsedBytes)} MB ` +
          `loop p99=${s.loop?.p99Ms ?? '?'} ms deliveries=${metrics.deliveries}`,
      ),
    );
    for (const s of slots) s.stop();
    const windowMs = performance.now() - windowStart;
    const cpuPerNode = servers.map((s, i) => sampleProcess(s.pid).cpuSeconds - cpuStarts[i]!);
    const cpuSeconds = total(cpuPerNode);
    const selfCpu = process.cpuUsage(selfCpuStart);
    selfLoop.disable();
    await Promise.race([Promise.all(running), sleep(5_000)]);
    await sleep(1_000); // drain what is in flight
    const loadedPerNode = await memories();
    const loaded = sumMemory(loadedPerNode);

    stopping = true;
    for (const c of clients) c.terminate();
    let shutdownMs: number | null = null;
    if (servers.length > 0) {
      const signalled = performance.now();
      const exits = await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      shutdownMs = Math.round(Math.max(...exits.map((e) => e.at)) - signalled);
      for (const exit of exits) if (exit.code !== 0) metrics.error(`server exit code ${exit.code ?? exit.signal}`);
    }
    const server = servers.length > 0 ? servers : null;

    const connections = participants.length;
    const per1000 = (bytes: number | null) => (bytes === null ? null : mb((bytes * 1000) / connections));
    const cores = cpuSeconds === null ? null : cpuSeconds / (windowMs / 1000);
    const result = {
      target: server
        ? `child server pid ${servers.map((s) => s.pid).join(', ')} (DEBATE_TIME_SCALE ${options.timeScale})`
        : bases.join(', '),
      cpuQuotaCoresPerNode: server ? (options.nodeCpus ?? null) : null,
      nodes: server ? servers.map((s, i) => nodeFigures(s, cpuPerNode[i]!, windowMs, loadedPerNode[i]!)) : bases.length,
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
      resultDelayMs: {
        p50: metrics.resultDelay.quantile(0.5),
        p99: metrics.resultDelay.quantile(0.99),
        max: metrics.resultDelay.quantile(1),
        samples: metrics.resultDelay.count,
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
    return { figures: result, latency: metrics.latency };
  } catch (err) {
    for (const server of servers) log(`server ${server.pid} output:\n${server.output()}`);
    throw err;
  } finally {
    for (const c of clients) c.terminate();
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    for (const cap of caps) cap.release();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}
