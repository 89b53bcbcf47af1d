/**
 * The server child's memory: RSS from /proc/<pid>/status, the V8 heap from the heap probe over
 * IPC (after a full collection), and a series of both sampled at a fixed interval for the soak.
 */
import type { ChildServer } from './child-server.js';
import { sampleProcess } from './child-server.js';
import { slope } from './metrics.js';

export interface ServerMemory {
  readonly rssBytes: number;
  /** null when the probe did not answer within a second. */
  readonly heapUsedBytes: number | null;
  /** Memory outside the V8 heap that V8 knows of (socket buffers, ArrayBuffers); null like the heap. */
  readonly externalBytes: number | null;
  /** The server's event-loop delay since the previous reading (how long work waited for the loop). */
  readonly loop: EventLoopDelay | null;
}

export interface EventLoopDelay {
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface MemorySample extends ServerMemory {
  /** Seconds since the series started. */
  readonly t: number;
}

/**
 * One reading of the server's memory: after a full collection (`collect`, the default), or as it
 * is — the heap then includes garbage — for a reading inside a measured window, which the
 * collection's pause would disturb.
 */
export async function serverMemory(server: ChildServer, collect = true): Promise<ServerMemory> {
  type Answer = { memory: NodeJS.MemoryUsage; loop: EventLoopDelay };
  const answer = await new Promise<Answer | null>((resolve) => {
    const timer = setTimeout(() => done(null), 1_000);
    const onMessage = (m: unknown) => {
      if (typeof (m as Partial<Answer>).memory?.heapUsed === 'number') done(m as Answer);
    };
    const done = (value: Answer | null) => {
      clearTimeout(timer);
      server.process.off('message', onMessage);
      resolve(value);
    };
    server.process.on('message', onMessage);
    server.process.send?.(collect ? 'memory' : 'loop');
  });
  const usage = answer?.memory;
  return {
    rssBytes: sampleProcess(server.pid).rssBytes,
    heapUsedBytes: usage?.heapUsed ?? null,
    externalBytes: usage?.external ?? null,
    loop: answer?.loop ?? null,
  };
}

const MB = 1024 * 1024;
const round = (x: number) => Number(x.toFixed(2));

/**
 * Samples memory every `everyMs` for `durationMs` (first sample at 0) and summarises the series:
 * least-squares slope in MB per minute, and the mean of the first and last three samples after
 * the first minute (warm-up: connections, caches, JIT).
 */
export async function memorySeries(
  durationMs: number,
  everyMs: number,
  read: () => Promise<ServerMemory | null>,
  onSample: (s: MemorySample) => void,
) {
  const samples: MemorySample[] = [];
  const start = performance.now();
  for (let i = 0; ; i++) {
    const due = start + i * everyMs;
    if (due > start + durationMs) break;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const m = await read();
    if (!m) continue;
    const sample = { t: Math.round((performance.now() - start) / 1000), ...m };
    samples.push(sample);
    onSample(sample);
  }
  await new Promise((r) => setTimeout(r, Math.max(0, start + durationMs - performance.now())));
  const settled = samples.filter((s) => s.t >= 60);
  const summary = (pick: (s: MemorySample) => number | null) => {
    const points = settled.flatMap((s) => (pick(s) === null ? [] : [[s.t / 60, pick(s)! / MB] as const]));
    const mean = (xs: readonly (readonly [number, number])[]) =>
      xs.length ? round(xs.reduce((a, [, y]) => a + y, 0) / xs.length) : null;
    return {
      slopeMbPerMinute: round(slope(points)),
      firstMb: mean(points.slice(0, 3)),
      lastMb: mean(points.slice(-3)),
    };
  };
  return {
    everySeconds: everyMs / 1000,
    samples: samples.map((s) => ({
      t: s.t,
      rssMb: round(s.rssBytes / MB),
      heapUsedMb: s.heapUsedBytes === null ? null : round(s.heapUsedBytes / MB),
      externalMb: s.externalBytes === null ? null : round(s.externalBytes / MB),
      loop: s.loop,
    })),
    afterFirstMinute: {
      rss: summary((s) => s.rssBytes),
      heapUsed: summary((s) => s.heapUsedBytes),
      external: summary((s) => s.externalBytes),
    },
  };
}
