import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, startPgCluster } from '../../../server/test/support/pg-cluster';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
const serverMain = path.join(repoRoot, 'server/src/main.ts');
const webDist = path.join(repoRoot, 'web/dist');
const tsx = path.join(repoRoot, 'web/node_modules/.bin/tsx');

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Extra environment for the server, e.g. `{ DEBATE_TIME_SCALE: '0.05' }`. */
  env?: Record<string, string>;
  /** The storage engine: SQLite in the DATA_DIR (default), or a throwaway PostgreSQL cluster of its own. */
  engine?: 'sqlite' | 'postgres';
}

/**
 * Starts the real server (tsx server/src/main.ts) on a free port with a temporary DATA_DIR serving
 * web/dist; on PostgreSQL also a cluster (the server tests' own harness), stopped with the server.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toron-e2e-'));
  const cluster = options.engine === 'postgres' ? await startPgCluster() : null;
  const database = cluster ? { DATABASE_URL: await createDatabase(cluster.adminUrl) } : {};
  const child: ChildProcess = spawn(tsx, [serverMain], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...database,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { url, stop };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not answer /healthz in time');
}
