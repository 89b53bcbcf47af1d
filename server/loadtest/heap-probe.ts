/**
 * Loaded into the server child by the load test only (`--import`), never by the product: answers
 * `'memory'` on the IPC channel with the process's memory use, after a full collection when the
 * child runs with --expose-gc, so successive samples compare live heap rather than garbage.
 */
type WithGc = typeof globalThis & { gc?: () => void };

process.on('message', (message) => {
  if (message !== 'memory') return;
  (globalThis as WithGc).gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
// The channel must not keep the server alive: it exits on its own signals as usual.
process.channel?.unref();
