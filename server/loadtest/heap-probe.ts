/**
 * Loaded into the server child by the load test only (`--import`), never by the product: answers
 * `'memory'` on the IPC channel with the process's memory use, after a full collection when the
 * child runs with --expose-gc (so successive samples compare live heap rather than garbage), and
 * the event-loop delay seen since the previous answer. `'loop'` answers the same without the
 * collection: a full collection of a loaded heap stalls the server for up to a few hundred
 * milliseconds, which a reading inside a measured window must not add to what it measures.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

type WithGc = typeof globalThis & { gc?: () => void };
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const ms = (ns: number) => Number((ns / 1e6).toFixed(1));

process.on('message', (message) => {
  if (message !== 'memory' && message !== 'loop') return;
  const loop = { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max) };
  delay.reset();
  if (message === 'memory') (globalThis as WithGc).gc?.();
  process.send?.({ memory: process.memoryUsage(), loop });
});
// The channel must not keep the server alive: it exits on its own signals as usual.
process.channel?.unref();
