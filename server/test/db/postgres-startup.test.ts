/**
 * Starting on PostgreSQL: every problem an operator can fix stops the start with one line saying
 * which and what to do (a bad DATABASE_URL, an unreachable server, a missing database, a database
 * that cannot hold Korean search), migrations run once however many processes start together, and
 * a second server on the same database is refused while the first runs.
 */
import { pino } from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openPgStorage } from '../../src/db/pg-storage.js';
import { StartupError } from '../../src/startup-error.js';
import { freePort } from '../../loadtest/child-server.js';
import { adminQuery, createDatabase, dropDatabase } from '../support/pg-cluster.js';
import { runMain } from '../support/run-main.js';

const logger = pino({ level: 'silent' });

const startupProblem = async (url: string) => {
  const error = await openPgStorage(url, logger).then(
    async (storage) => {
      await storage.close();
      return undefined;
    },
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(StartupError);
  return (error as StartupError).message;
};

describe('DATABASE_URL and opening PostgreSQL', () => {
  it('is checked for shape when the config is read; empty means SQLite', () => {
    const config = (url: string) => loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
    expect(config('').databaseUrl).toBeUndefined();
    expect(config('postgres://u:p@db.example:5432/toron').databaseUrl).toBe('postgres://u:p@db.example:5432/toron');
    expect(config('postgresql:///toron?host=/var/run/postgresql').databaseUrl).toBeDefined();
    for (const bad of ['not a url', 'mysql://u@db/toron', 'postgres:///toron']) {
      expect(() => config(bad)).toThrow(StartupError);
    }
    expect(() => config('mysql://u:secret@db/toron')).not.toThrow(/secret/);
  });

  it('names an unreachable server and the database that does not exist', async () => {
    const port = await freePort();
    expect(await startupProblem(`postgres://postgres@127.0.0.1:${port}/toron`)).toMatch(
      new RegExp(`127\\.0\\.0\\.1:${port}에 연결할 수 없습니다`),
    );
    const admin = new URL(inject('pgAdminUrl'));
    admin.pathname = '/toron_missing';
    expect(await startupProblem(admin.toString())).toMatch(/데이터베이스 "toron_missing"가 없습니다.*createdb/);
  });

  it('refuses a database whose ctype cannot classify Hangul, before touching it', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `toron_c_${process.pid}`;
    await adminQuery(
      adminUrl,
      `CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'SQL_ASCII' LC_CTYPE 'C' LC_COLLATE 'C'`,
    );
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      expect(await startupProblem(url.toString())).toMatch(
        /LC_CTYPE C.*한국어를 검색할 수 없습니다.*--locale=C\.UTF-8/,
      );
      const tables = await adminQuery(
        url.toString(),
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(tables.rows[0].n).toBe(0);
    } finally {
      await dropDatabase(adminUrl, url.toString());
    }
  });

  it('stops `npm start` with one line on stderr and no stack trace', async () => {
    const port = await freePort();
    const run = await runMain({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/toron` });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^토론 서버를 시작할 수 없습니다: PostgreSQL 서버 .*에 연결할 수 없습니다/);
    const bad = await runMain({ DATABASE_URL: 'mysql://user:hunter2@db/toron' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/DATABASE_URL의 스킴 mysql:은 PostgreSQL이 아닙니다/);
    expect(bad.stderr).not.toContain('hunter2');
  }, 60_000);
});

describe('migrations and the one server', () => {
  it('migrate once when several processes start together, and a second server is refused', async () => {
    const adminUrl = inject('pgAdminUrl');
    const url = await createDatabase(adminUrl);
    try {
      const tools = await Promise.all(Array.from({ length: 4 }, () => openPgStorage(url, logger, 'tool')));
      const applied = await adminQuery(url, 'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBeGreaterThanOrEqual(2);
      await Promise.all(tools.map((t) => t.close()));

      const server = await openPgStorage(url, logger, 'server');
      try {
        expect(await startupProblem(url)).toMatch(/다른 토론 서버가 이미 실행 중입니다/);
        const tool = await openPgStorage(url, logger, 'tool');
        await tool.close();
      } finally {
        await server.close();
      }
      const again = await openPgStorage(url, logger, 'server');
      await again.close();
    } finally {
      await dropDatabase(adminUrl, url);
    }
  });
});
