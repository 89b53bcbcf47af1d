import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChildServer } from '../loadtest/child-server.js';

const RUNS = 5;

/** Milliseconds from spawning the server to its first healthy /healthz, on a fresh DATA_DIR (demo seed included). */
async function timeToHealthy(compiled: boolean): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'toron-startup-'));
  try {
    const started = performance.now();
    const server = await startChildServer({ dataDir, compiled });
    const ms = performance.now() - started;
    await server.kill('SIGTERM');
    return ms;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Time to a healthy /healthz as `npm start` runs the server (the build under plain node) beside the
 * sources through tsx, alternating so both see the same machine load. Needs `pnpm run build:server`.
 * The poll interval of the child harness (100 ms) bounds the resolution.
 */
export async function runStartupBench(): Promise<Record<string, unknown>> {
  const built: number[] = [];
  const tsx: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    built.push(await timeToHealthy(true));
    tsx.push(await timeToHealthy(false));
  }
  const figures = (xs: number[]) => ({ medianMs: Math.round(median(xs)), minMs: Math.round(Math.min(...xs)) });
  return { runs: RUNS, compiledNode: figures(built), tsxSources: figures(tsx) };
}
