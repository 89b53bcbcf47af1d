/**
 * Live fan-out benchmark (loopback only, bounded in count and time): ROOMS rooms × PER_ROOM
 * observers on `/observer/{roomId}` (2,000 STOMP connections by default), SENDERS observers per
 * room chatting at a rate (messages/s per sender); every chat goes through the room actor (one
 * SQLite transaction per message) and out to every observer of the room. Beside it, in the same
 * run, a raw `ws` relay on the same schedule: the same senders send the MESSAGE bytes STOMP
 * delivers over their own sockets to a raw `ws` server, which sends what it received to every
 * socket of the sender's room. Both latencies run from the sending client's send to a receiving
 * client's receipt, so the two sides differ only in what the server does with a message. Prints
 * deliveries/s (and the share of the offered deliveries that arrived), p50/p99 publish→receipt
 * latency and memory per connection.
 *
 * Two steps: the sustainable load (BENCH_RATE, default 2/s per sender), where both keep up and the
 * latencies compare; then the saturating one, found by raising the rate along BENCH_RAMP (default
 * 10, 20, 40, 80, 160) until raw `ws` itself no longer delivers what is offered (under 95 %), where
 * the deliveries/s compare. At the sustainable load both sides are connected at once and driven in
 * turn, window after window (BENCH_WINDOWS per side, alternating which goes first, after one
 * window each that warms them up and is not counted), so that what the machine does meanwhile
 * (another process, a collection of the shared heap) falls on both alike; each side's latencies
 * are pooled over its windows. Client and server share one process,
 * so "saturated" means that process: both sides pay the same receiving clients, and what differs
 * is what each message costs the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { signAccessToken } from '../src/auth/access-token.js';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { messageText } from '../loadtest/stomp-client.js';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 40);
const PER_ROOM = Number(process.env.BENCH_PER_ROOM ?? 50);
const SENDERS = 4;
// Messages/s per sender: the sustainable load, then the rates tried in turn for the saturating one.
const SUSTAINABLE_RATE = Number(process.env.BENCH_RATE ?? 2);
const RAMP = (process.env.BENCH_RAMP ?? '10,20,40,80,160').split(',').map(Number);
/** Seconds each side is driven at saturation, in one window. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/**
 * Windows per side at the sustainable load, and their length. The process pauses now and then for
 * tens of milliseconds (major collections of the shared heap), which sets the p99 of whichever
 * side's window it falls in: the more windows per side, the less a single pause decides the ratio.
 */
const WINDOWS = Number(process.env.BENCH_WINDOWS ?? 16);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 2);
/** Raw `ws` counts as saturated once it delivers less than this share of what is offered. */
const SATURATED_SHARE = 0.95;
const DRAIN_MS = 500;
const STAMP = /"message":"t=([\d.]+)"/g;

interface Load {
  received: number;
  latencies: number[];
}
const newLoad = (): Load => ({ received: 0, latencies: [] });
/** Counts every stamped frame of a WebSocket message (a turn's frames may travel together in one). */
const record = (load: Load, text: string) => {
  for (const [, t] of text.matchAll(STAMP)) {
    if (t === '0') continue; // the probe that captures the bytes for raw ws, before any window
    load.received++;
    if (load.received % 7 === 0) load.latencies.push(performance.now() - Number(t));
  }
};
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
/** Memory after a full collection: without one, the heap per connection would count whatever garbage is left. */
const heap = () => {
  if (!globalThis.gc) throw new Error('the live bench reads memory after a full collection: run node with --expose-gc');
  globalThis.gc();
  return process.memoryUsage();
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A minimal STOMP 1.2 client over ws, enough to connect, subscribe (with receipt) and send. */
function stomp(url: string, token: string, onFrame: (text: string) => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['v12.stomp']);
    let pending: (() => void) | null = null;
    ws.on('open', () =>
      ws.send(`CONNECT\naccept-version:1.2\nhost:localhost\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`),
    );
    ws.on('message', (data) => {
      // One WebSocket message may carry several frames, each ending in NUL.
      for (const frame of messageText(data).split('\0')) {
        const text = frame.trimStart();
        if (text.startsWith('CONNECTED')) resolve(ws);
        else if (text.startsWith('RECEIPT')) pending?.();
        else if (text.startsWith('MESSAGE')) onFrame(text);
        else if (text.startsWith('ERROR')) reject(new Error(text));
      }
    });
    ws.on('error', reject);
    (ws as WebSocket & { subscribeAndWait: (d: string) => Promise<void> }).subscribeAndWait = (d) =>
      new Promise((done) => {
        pending = done;
        ws.send(`SUBSCRIBE\nid:sub-0\ndestination:${d}\nreceipt:r-0\n\n\0`);
      });
  });
}

/** Runs `send(room, sender)` for every sender of every room at `rate`/s for `seconds`; returns the window in ms. */
async function drive(rate: number, seconds: number, send: (room: number, sender: number) => void): Promise<number> {
  const start = performance.now();
  const timers: NodeJS.Timeout[] = [];
  const period = 1000 / rate;
  const count = ROOMS * SENDERS;
  // Senders are spread evenly over the period, so the offered load is smooth rather than bursts.
  for (let i = 0; i < count; i++) {
    const [r, s] = [Math.floor(i / SENDERS), i % SENDERS];
    timers.push(setTimeout(() => timers.push(setInterval(() => send(r, s), period)), (i * period) / count));
  }
  await sleep(seconds * 1000);
  for (const t of timers) clearTimeout(t);
  await sleep(DRAIN_MS);
  return performance.now() - start;
}

/**
 * Messages the schedule of `drive` offers at `rate` in `seconds`: sender i starts its interval at
 * i/count of a period and sends once per period after that until the window ends.
 */
function scheduledMessages(rate: number, seconds: number): number {
  const period = 1000 / rate;
  const count = ROOMS * SENDERS;
  let messages = 0;
  for (let i = 0; i < count; i++)
    messages += Math.max(0, Math.ceil((seconds * 1000 - (i * period) / count) / period) - 1);
  return messages;
}

/** One side of the comparison, connected: drives its senders into a load of its own, window by window. */
interface Side {
  /** Drives the senders at `rate` for `seconds`, recording into `load`; returns the window in ms. */
  drive(rate: number, seconds: number, load: Load): Promise<number>;
  close(): Promise<void>;
}

/** The Toron server with ROOMS rooms and their STOMP observers; `sample` is a MESSAGE frame as delivered. */
async function stompSide(): Promise<Side & { sample: string; heapPerConnection: number; rssPerConnection: number }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-live-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    RATE_LIMIT_CHAT: '100000/1s',
    // Every observer connects from this one loopback address: operator settings, no bypass.
    LIVE_CONNECTIONS_PER_ADDRESS: '1000000',
  });
  const server = await startServer(config);
  const { directory } = server.deps.debates;
  const secret = server.deps.sessions.secret;
  const roomIds: string[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const roomId = crypto.randomUUID();
    const settings = {
      title: `벤치 ${r}`,
      description: '부하 시험',
      continent: 'KR',
      category: 'PO',
      format: 'T1',
      secondsPerTurn: 30,
      turnsPerSide: 3,
      resultEnabled: true,
      creatorId: 1,
    };
    await directory.open({ type: 'openRoom', roomId, settings });
    roomIds.push(roomId);
  }
  let load = newLoad();
  const before = heap();
  const sockets: WebSocket[][] = roomIds.map(() => []);
  const url = server.url.replace('http', 'ws');
  for (let r = 0; r < ROOMS; r++) {
    await Promise.all(
      Array.from({ length: PER_ROOM }, async (_, i) => {
        const user = await server.deps.storage.users.insert({
          provider: 'google',
          subject: `bench-${r}-${i}`,
          nickname: `벤치${r}_${i}`,
          role: 'ROLE_MEMBER',
        });
        const token = await signAccessToken(secret, { userId: user.id, version: user.tokenVersion }, 3600);
        const ws = (await stomp(`${url}/observer/${roomIds[r]}`, token, (text) => record(load, text))) as WebSocket & {
          subscribeAndWait: (d: string) => Promise<void>;
        };
        await ws.subscribeAndWait(`/topic/observer/${roomIds[r]}`);
        sockets[r]!.push(ws);
      }),
    );
  }
  const after = heap();
  const say = (r: number, s: number, message: string) =>
    sockets[r]![s]!.send(`SEND\ndestination:/app/observer/${roomIds[r]}\n\n${JSON.stringify({ message })}\0`);
  const sample = await new Promise<string>((resolve) => {
    sockets[0]![PER_ROOM - 1]!.once('message', (d) => resolve(messageText(d)));
    say(0, 0, 't=0');
  });
  return {
    sample,
    heapPerConnection: (after.heapUsed - before.heapUsed) / (ROOMS * PER_ROOM),
    rssPerConnection: (after.rss - before.rss) / (ROOMS * PER_ROOM),
    drive(rate, seconds, into) {
      load = into;
      return drive(rate, seconds, (r, s) => say(r, s, `t=${performance.now().toFixed(3)}`));
    },
    async close() {
      for (const list of sockets) for (const ws of list) ws.terminate();
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raw `ws` relay with ROOMS groups of PER_ROOM clients; senders send `sample`, stamped. */
async function rawSide(sample: string): Promise<Side> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const groups: WebSocket[][] = Array.from({ length: ROOMS }, () => []);
  // The relay: what a socket sends goes out as received to every socket of its room, the sender's too.
  wss.on('connection', (ws, req) => {
    const group = groups[Number(new URL(req.url ?? '/', 'http://x').searchParams.get('room'))]!;
    group.push(ws);
    ws.on('message', (data) => {
      for (const peer of group) peer.send(data as Buffer);
    });
  });
  let load = newLoad();
  const clients: WebSocket[][] = Array.from({ length: ROOMS }, () => []);
  for (let r = 0; r < ROOMS; r++) {
    await Promise.all(
      Array.from(
        { length: PER_ROOM },
        () =>
          new Promise<void>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}/?room=${r}`);
            ws.on('message', (d) => record(load, messageText(d)));
            ws.on('open', () => resolve());
            clients[r]!.push(ws);
          }),
      ),
    );
  }
  await sleep(200);
  return {
    // Each sender stamps the bytes and sends them over its own socket, like a STOMP sender its SEND.
    drive(rate, seconds, into) {
      load = into;
      return drive(rate, seconds, (r, s) =>
        clients[r]![s]!.send(Buffer.from(sample.replace('t=0', `t=${performance.now().toFixed(3)}`))),
      );
    },
    async close() {
      for (const ws of clients.flat()) ws.terminate();
      await new Promise((resolve) => wss.close(resolve));
    },
  };
}

type Run = { load: Load; window: number };
/** Figures of a run whose schedule offered `messages` messages. */
const figures = (r: Run, messages: number) => ({
  deliveriesPerSecond: Math.round((r.load.received * 1000) / r.window),
  // What arrived of what the schedule offered (every message to every observer of its room).
  deliveredShare: Number((r.load.received / (messages * PER_ROOM)).toFixed(3)),
  p50Ms: Number(quantile(r.load.latencies, 0.5).toFixed(2)),
  p99Ms: Number(quantile(r.load.latencies, 0.99).toFixed(2)),
});
const offered = (rate: number) => ({
  messagesPerSecond: ROOMS * SENDERS * rate,
  deliveriesPerSecond: ROOMS * SENDERS * rate * PER_ROOM,
});

/** Drives one side for one window into a fresh load. */
async function windowOf(side: Side, rate: number, seconds: number): Promise<Run> {
  const load = newLoad();
  return { load, window: await side.drive(rate, seconds, load) };
}

/** Pools windows of one side: their samples together, their time summed. */
const pooled = (runs: Run[]): Run => ({
  load: {
    received: runs.reduce((n, r) => n + r.load.received, 0),
    latencies: runs.flatMap((r) => r.load.latencies),
  },
  window: runs.reduce((ms, r) => ms + r.window, 0),
});

/**
 * The sustainable load: both sides connected at once, each driven in WINDOWS windows of
 * WINDOW_SECONDS, taking turns (which side goes first alternates); latencies pooled.
 * A first window of each warms it up (the JIT, the sockets' buffers) and is not counted.
 */
async function sustainable(rate: number) {
  const stompSideUp = await stompSide();
  const raw = await rawSide(stompSideUp.sample);
  for (const side of [stompSideUp, raw]) await windowOf(side, rate, WINDOW_SECONDS);
  const runs = { stomp: [] as Run[], raw: [] as Run[] };
  for (let w = 0; w < WINDOWS; w++) {
    const order = w % 2 === 0 ? (['stomp', 'raw'] as const) : (['raw', 'stomp'] as const);
    for (const name of order)
      runs[name].push(await windowOf(name === 'stomp' ? stompSideUp : raw, rate, WINDOW_SECONDS));
  }
  await raw.close();
  await stompSideUp.close();
  const messages = WINDOWS * scheduledMessages(rate, WINDOW_SECONDS);
  const [s, w] = [figures(pooled(runs.stomp), messages), figures(pooled(runs.raw), messages)];
  const p99s = (list: Run[]) => list.map((r) => Number(quantile(r.load.latencies, 0.99).toFixed(2)));
  return {
    sample: stompSideUp.sample,
    figures: {
      offered: offered(rate),
      windows: {
        count: WINDOWS,
        secondsEach: WINDOW_SECONDS,
        stompP99Ms: p99s(runs.stomp),
        rawWsP99Ms: p99s(runs.raw),
      },
      stomp: {
        ...s,
        heapBytesPerConnection: Math.round(stompSideUp.heapPerConnection),
        rssBytesPerConnection: Math.round(stompSideUp.rssPerConnection),
      },
      rawWs: w,
      stompToRawRate: Number((s.deliveriesPerSecond / w.deliveriesPerSecond).toFixed(3)),
      stompToRawP50: Number((s.p50Ms / w.p50Ms).toFixed(2)),
      stompToRawP99: Number((s.p99Ms / w.p99Ms).toFixed(2)),
      target: 'STOMP p99 ≤ 2 × raw ws p99',
    },
  };
}

/** One side alone, connected for one window at `rate`, then closed. */
async function alone(side: Side, rate: number): Promise<Run> {
  const run = await windowOf(side, rate, SECONDS);
  await side.close();
  return run;
}

/** Raises the rate until raw `ws` saturates, then runs STOMP at that rate (or reports that it never did). */
async function saturating(sample: string) {
  const ramp: Record<string, unknown>[] = [];
  for (const rate of RAMP) {
    const raw = figures(await alone(await rawSide(sample), rate), scheduledMessages(rate, SECONDS));
    ramp.push({ offered: offered(rate), rawWs: raw });
    if (raw.deliveredShare >= SATURATED_SHARE) continue;
    const s = figures(await alone(await stompSide(), rate), scheduledMessages(rate, SECONDS));
    return {
      offered: offered(rate),
      stomp: s,
      rawWs: raw,
      stompToRawRate: Number((s.deliveriesPerSecond / raw.deliveriesPerSecond).toFixed(3)),
      target: 'STOMP deliveries/s ≥ 0.95 × raw ws',
      ramp,
    };
  }
  return { saturated: false, note: `raw ws kept up at every rate of the ramp (${RAMP.join(', ')})`, ramp };
}

/** The live benchmark's figures: the sustainable step, then the saturating one. */
export async function runLiveBench(): Promise<Record<string, unknown>> {
  const steady = await sustainable(SUSTAINABLE_RATE);
  return {
    connections: ROOMS * PER_ROOM,
    rooms: ROOMS,
    saturatingSeconds: SECONDS,
    sustainable: steady.figures,
    saturating: await saturating(steady.sample),
    note:
      'client and server share one process on loopback; memory per connection covers both ends. ' +
      "Both latencies run from a sending client's send to a receiving client's receipt. Raw ws relays " +
      'the bytes a sender sent to the sockets of its room; each STOMP message also goes through the ' +
      'command pipeline (parsing, the room actor, the engine, one SQLite transaction) before its ' +
      'fan-out, and its latencies include that. At the sustainable load both sides are connected ' +
      'together and driven in alternating windows, their latencies pooled per side.',
  };
}
