/**
 * `pnpm loadtest:capacity` (loopback only, bounded): the build of the server as a
 * child process, then steps of CAPACITY_STEP_ROOMS rooms × (2 debaters + LOADTEST_OBSERVERS observers)
 * added while the earlier rooms keep debating and chatting; after each step a window of
 * CAPACITY_STEP_SECONDS measures chat latency. Stops when the window's p99 passes 250 ms or
 * 10,000 connections are open, and prints where it stopped: `held`, the last step within the target
 * (connections, idle memory per connection — connected, before the step's rooms ran — deliveries/s
 * and p99), and `at`, the step that stopped it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChildServer, type ChildServer } from './child-server.js';
import { inBatches, signUpMember, type Member } from './identity.js';
import { LatencyHistogram, Metrics } from './metrics.js';
import { loadOptions } from './options.js';
import { openParticipants } from './participants.js';
import { RoomSlot } from './room-slot.js';
import { serverMemory, type ServerMemory } from './server-memory.js';
import type { StompClient } from './stomp-client.js';

const P99_LIMIT_MS = 250;
const MAX_CONNECTIONS = 10_000;
const STEP_ROOMS = Number(process.env.CAPACITY_STEP_ROOMS ?? 10);
const STEP_SECONDS = Number(process.env.CAPACITY_STEP_SECONDS ?? 15);
const log = (message: string) => process.stderr.write(`[capacity] ${message}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => Math.round(bytes / 1024);
const held = (m: ServerMemory) =>
  m.heapUsedBytes === null || m.externalBytes === null ? null : m.heapUsedBytes + m.externalBytes;
/** Heap + external memory per connection between two readings (null when the probe did not answer). */
const heldKb = (before: ServerMemory, after: ServerMemory, connections: number) => {
  const [a, b] = [held(before), held(after)];
  return a === null || b === null ? null : Number(((b - a) / 1024 / connections).toFixed(1));
};

const options = loadOptions();
const metrics = new Metrics();
const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-capacity-'));
const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'heap-probe.ts');
const clients: StompClient[] = [];
const slots: RoomSlot[] = [];
const steps: Record<string, unknown>[] = [];
/** The last step that stayed within the target: the connections this process held. */
let lastHeld: Record<string, unknown> | null = null;
let server: ChildServer | null = null;
let stopping = false;

try {
  server = await startChildServer({
    dataDir,
    env: { DEBATE_TIME_SCALE: String(options.timeScale), LIVE_CONNECTIONS_PER_USER: String(MAX_CONNECTIONS) },
    imports: [probe],
    nodeFlags: ['--expose-gc'],
    compiled: true,
  });
  const live = server;
  const ws = `${live.url.replace(/^http/, 'ws')}/ws`;
  const tag = Math.random().toString(36).slice(2, 5);
  let signedUp = 0;
  const signUp = (n: number): Promise<Member[]> =>
    inBatches(
      Array.from({ length: n }, () => signedUp++),
      8,
      (i) => signUpMember(live.url, `capacity-${tag}-${i}`, `C${tag}${i}`),
    );
  // One pool of observers watches every room, each room on a connection of its own.
  const pool = await signUp(options.observers);
  const before = await serverMemory(live);
  let stopReason = `${MAX_CONNECTIONS} connections`;
  while (clients.length + STEP_ROOMS * (2 + options.observers) <= MAX_CONNECTIONS) {
    const debaters = await signUp(STEP_ROOMS * 2);
    const members = debaters.flatMap((d, i) => (i % 2 === 0 ? [d, debaters[i + 1]!, ...pool] : []));
    const joined = await openParticipants([ws], members, metrics, clients, () => stopping);
    await sleep(1_000);
    const idle = await serverMemory(live);
    const perRoom = 2 + options.observers;
    for (let r = 0; r < STEP_ROOMS; r++) {
      const mine = joined.slice(r * perRoom, (r + 1) * perRoom);
      const slot = new RoomSlot(live.url, mine[0]!, mine[1]!, mine.slice(2), options.chatRate, metrics);
      slots.push(slot);
      void slot.run();
    }
    await sleep(5_000); // the new rooms open and fill
    await serverMemory(live, false); // starts the event-loop reading afresh for the window, without a collection
    metrics.latency = new LatencyHistogram();
    const deliveries = metrics.deliveries;
    const started = performance.now();
    await sleep(STEP_SECONDS * 1000);
    const seconds = (performance.now() - started) / 1000;
    const loaded = await serverMemory(live);
    const step = {
      connections: clients.length,
      rooms: slots.length,
      // After a full collection, heap and external memory say what connections hold; RSS also moves with the allocator.
      idleMemoryPerConnectionKb: {
        heapAndExternal: heldKb(before, idle, clients.length),
        rss: kb((idle.rssBytes - before.rssBytes) / clients.length),
      },
      rssMb: Math.round(loaded.rssBytes / 1024 / 1024),
      deliveriesPerSecond: Math.round((metrics.deliveries - deliveries) / seconds),
      chatP50Ms: metrics.latency.quantile(0.5),
      chatP99Ms: metrics.latency.quantile(0.99),
      eventLoopP99Ms: loaded.loop?.p99Ms ?? null,
      errors: metrics.errorCount,
    };
    steps.push(step);
    log(JSON.stringify(step));
    if ((step.chatP99Ms ?? Infinity) <= P99_LIMIT_MS && step.errors === 0) lastHeld = step;
    if ((step.chatP99Ms ?? Infinity) > P99_LIMIT_MS) {
      stopReason = `chat p99 ${step.chatP99Ms} ms > ${P99_LIMIT_MS} ms`;
      break;
    }
    if (metrics.errorCount > 0) {
      stopReason = `${metrics.errorCount} errors`;
      break;
    }
  }
  const last = steps.at(-1);
  process.stdout.write(
    `${JSON.stringify(
      {
        stoppedBecause: stopReason,
        held: lastHeld,
        at: last,
        steps,
        errorKinds: metrics.errors,
        refusals: metrics.refusals,
      },
      null,
      2,
    )}\n`,
  );
} catch (err) {
  log(`failed: ${(err as Error).stack ?? String(err)}`);
  if (server) log(`server output:\n${server.output().slice(-4000)}`);
  process.exitCode = 1;
} finally {
  stopping = true;
  for (const s of slots) s.stop();
  for (const c of clients) c.terminate();
  if (server) await server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
