/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: `initdb` with a UTF-8 locale (the
 * server refuses a database without a UTF-8 ctype) in a temporary directory, started on a free
 * loopback port with its socket in that directory, stopped and removed by `stop`. PostgreSQL
 * refuses to run as root, so under root every step runs as the `postgres` user, which must be
 * able to enter the directory (the directory itself is handed to it).
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../loadtest/child-server.js';

const run = promisify(execFile);

export interface PgCluster {
  /** Superuser URL of the `postgres` database (create and drop test databases through it). */
  readonly adminUrl: string;
  readonly port: number;
  stop(): Promise<void>;
}

export interface PgClusterOptions {
  /** Durability off (fsync, synchronous commit): fine for tests, wrong for benchmarks. */
  readonly durable?: boolean;
}

/** The server binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). */
function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL is not installed: run `apt-get install -y postgresql` as root (or set PG_BIN to its bin directory).',
    );
  }
  return path.join(root, versions[0], 'bin');
}

/** Starts a fresh cluster; the caller stops it. */
export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'toron-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=400',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ];
  try {
    await pgRun('initdb', ['-D', data, '--locale=C.UTF-8', '--encoding=UTF8', '-A', 'trust', '-U', 'postgres', '-N']);
    await pgRun('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', path.join(dir, 'log'), '-w', 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let databases = 0;

/** Creates an empty database in the cluster (UTF-8, C.UTF-8 ctype) and returns its URL. */
export async function createDatabase(adminUrl: string, prefix = 'toron'): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${databases++}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase, closing any connection still open to it. */
export async function dropDatabase(adminUrl: string, databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/** Runs one statement as the superuser. */
export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}
