/**
 * A throwaway Redis for tests and benchmarks: `redis-server` on a free loopback port with nothing
 * written to disk (`--save '' --appendonly no`), so a restart starts empty, as a lost Redis does.
 * It can be stopped and started again on the same port (a Redis restart seen by connected
 * clients), paused and continued with its data (a Redis that stops answering for a while), and
 * `stop` ends it for good. Only the process started here is ever signalled.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../loadtest/child-server.js';

export interface RedisServer {
  readonly url: string;
  readonly port: number;
  /** Kills the server (SIGKILL: nothing saved) and waits until it has exited. */
  halt(): Promise<void>;
  /** Starts it again on the same port, empty. */
  resume(): Promise<void>;
  /** Stops the process where it is (SIGSTOP): connections stay open and nothing is answered. */
  freeze(): void;
  /** Lets a frozen server go on (SIGCONT), its data as it was. */
  thaw(): void;
  /** Ends it for good and removes its directory. */
  stop(): Promise<void>;
}

/** The binary: REDIS_SERVER, else `redis-server` from PATH (Debian's package puts it in /usr/bin). */
function redisBinary(): string {
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  if (binary.includes('/') && !existsSync(binary)) throw new Error(`REDIS_SERVER=${binary} does not exist.`);
  return binary;
}

/** Starts a fresh Redis; the caller stops it. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'toron-redis-'));
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const launch = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir];
    const proc = spawn(redisBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    let gone = false;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    void exited.then(() => (gone = true));
    proc.once('error', (err) => (log += String(err)));
    child = proc;
    const end = Date.now() + 20_000;
    while (!(await answersPing(port))) {
      if (gone || Date.now() > end) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server did not start (install Debian's redis-server or set REDIS_SERVER):\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const halt = async () => {
    child?.kill('SIGKILL');
    child = null;
    await exited;
  };

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    halt,
    resume: launch,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a Redis answers PING on the port (raw RESP, so the harness depends on no client). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
