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
}

export interface MemorySample extends ServerMemory {
  /** Seconds since the series started. */
  readonly t: number;
}

/** One reading of the server's memory. */
export async function serverMemory(server: ChildServer): Promise<ServerMemory> {
  const heap = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => done(null), 1_000);
    const onMessage = (m: unknown) => {
      const used = (m as { memory?: { heapUsed?: number } }).memory?.heapUsed;
      if (typeof used === 'number') done(used);
    };
    const done = (value: number | null) => {
      clearTimeout(timer);
      server.process.off('message', onMessage);
      resolve(value);
    };
    server.process.on('message', onMessage);
    server.process.send?.('memory');
  });
  return { rssBytes: sampleProcess(server.pid).rssBytes, heapUsedBytes: heap };
}

const MB = 1024 * 1024;
const round = (x: number) => Number(x.toFixed(2));

/**
 * Samples memory every `everyMs` for `durationMs` (first sample at 0) and summarises the series:
 * least-squares slope in MB per minute, and the mean of the first and last three samples after
 * the first minute (warm-up: connections, caches, JIT).
 */
export async function memorySeries(durationMs: number, everyMs: number, read: () => Promise<ServerMemory | null>, onSample: (s: MemorySample) => void) {
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
    const mean = (xs: readonly (readonly [number, number])[]) => (xs.length ? round(xs.reduce((a, [, y]) => a + y, 0) / xs.length) : null);
    return { slopeMbPerMinute: round(slope(points)), firstMb: mean(points.slice(0, 3)), lastMb: mean(points.slice(-3)) };
  };
  return {
    everySeconds: everyMs / 1000,
    samples: samples.map((s) => ({ t: s.t, rssMb: round(s.rssBytes / MB), heapUsedMb: s.heapUsedBytes === null ? null : round(s.heapUsedBytes / MB) })),
    afterFirstMinute: { rss: summary((s) => s.rssBytes), heapUsed: summary((s) => s.heapUsedBytes) },
  };
}
