/**
 * The real server as a child process (`node --import tsx src/main.ts`, or the build `node
 * --conditions=toron-dist dist/main.js` as `npm start` runs it; either way the pid is the server
 * itself and a signal reaches it directly), on a loopback port and a DATA_DIR of the caller's.
 * Used by the load test and the reliability tests; nothing here reaches into the server's code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Clock ticks per second of /proc/<pid>/stat times (Linux: USER_HZ, 100 everywhere we run). */
const CLOCK_TICKS = 100;

export interface ChildServerOptions {
  readonly dataDir: string;
  /** Reuse a port (a restart on the same address); a free one by default. */
  readonly port?: number;
  /** Extra environment (DEBATE_TIME_SCALE, …). */
  readonly env?: Readonly<Record<string, string>>;
  /** Extra `--import` modules loaded before the server (e.g. the heap probe); they get an IPC channel. */
  readonly imports?: readonly string[];
  /** Extra node flags (e.g. --expose-gc). */
  readonly nodeFlags?: readonly string[];
  /** Run the build (dist/, from `pnpm run build:server`) instead of the sources through tsx. */
  readonly compiled?: boolean;
  /** How long to wait for /healthz. */
  readonly readyTimeoutMs?: number;
}

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** performance.now() when the process had exited. */
  readonly at: number;
}

export interface ChildServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  readonly process: ChildProcess;
  /** Resolves once the process has exited. */
  readonly exited: Promise<Exit>;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Sends a signal; resolves when the process has exited. */
  kill(signal: NodeJS.Signals): Promise<Exit>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server and resolves once /healthz answers 200 (rejects with its output if it dies or times out). */
export async function startChildServer(options: ChildServerOptions): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const main = options.compiled ? 'dist/main.js' : 'src/main.ts';
  if (!existsSync(path.join(serverRoot, main)))
    throw new Error(`${main} is missing: run \`pnpm run build:server\` first`);
  // tsx only where TypeScript is loaded: the sources, or a probe written in TypeScript beside the build.
  const extra = options.imports ?? [];
  const tsx = !options.compiled || extra.some((m) => m.endsWith('.ts')) ? ['tsx'] : [];
  const imports = [...tsx, ...extra].flatMap((m) => ['--import', m]);
  const conditions = options.compiled ? ['--conditions=toron-dist'] : [];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...conditions, ...imports, main], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: options.dataDir,
      WEB_DIST: path.join(options.dataDir, 'no-web-dist'),
      NEWS_INGEST_INTERVAL_MINUTES: '0',
      // Every simulated member signs in and connects from this one loopback address: operator settings, no bypass.
      RATE_LIMIT_SIGN_IN: '100000/1m',
      LIVE_CONNECTIONS_PER_ADDRESS: '1000000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe', ...(options.imports?.length ? (['ipc'] as const) : [])],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  let dead: Exit | null = null;
  void exited.then((e) => (dead = e));

  const end = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (dead) throw new Error(`server exited before it was ready (${JSON.stringify(dead)}):\n${log}`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    process: child,
    exited,
    output: () => log,
    kill(signal) {
      if (!dead) child.kill(signal);
      return exited;
    },
  };
}

export interface ProcessSample {
  /** Resident set size in bytes (/proc/<pid>/status VmRSS). */
  readonly rssBytes: number;
  /** User + system CPU time in seconds since the process started (/proc/<pid>/stat). */
  readonly cpuSeconds: number;
}

/** Reads a process's memory and CPU time from /proc (Linux). */
export function sampleProcess(pid: number): ProcessSample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { rssBytes: rssKb * 1024, cpuSeconds: ticks / CLOCK_TICKS };
}
