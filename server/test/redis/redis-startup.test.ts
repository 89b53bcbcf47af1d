/**
 * Starting with REDIS_URL: it needs DATABASE_URL beside it, an unreachable Redis stops the start
 * with one line, and nodes that reach Redis run together on one database, while a server without
 * REDIS_URL (the only node) never runs beside them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { StartupError } from '../../src/startup-error.js';
import { freePort, startChildServer } from '../../loadtest/child-server.js';
import { adminQuery, createDatabase, dropDatabase } from '../support/pg-cluster.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { runMain } from '../support/run-main.js';

const database = 'postgres://toron:secret@db.example:5432/toron';

describe('REDIS_URL and NODE_ID in the config', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

  it('needs DATABASE_URL beside REDIS_URL; empty means unset', () => {
    expect(config({}).redisUrl).toBeUndefined();
    expect(config({ REDIS_URL: ' ' }).redisUrl).toBeUndefined();
    expect(config({ DATABASE_URL: database, REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(config({ DATABASE_URL: database, REDIS_URL: 'rediss://:pw@cache:6380/2' }).redisUrl).toBeDefined();
    expect(() => config({ REDIS_URL: 'redis://cache:6379' })).toThrow(
      new StartupError(
        'REDIS_URL은 DATABASE_URL과 함께만 쓸 수 있습니다: 여러 서버가 함께 쓰는 데이터는 PostgreSQL에 있어야 합니다. ' +
          'DATABASE_URL을 지정하거나 REDIS_URL을 비워 두세요.',
      ),
    );
    for (const bad of ['not a url', 'http://cache:6379', 'redis://']) {
      expect(() => config({ DATABASE_URL: database, REDIS_URL: bad })).toThrow(StartupError);
    }
    expect(() => config({ DATABASE_URL: database, REDIS_URL: 'memcached://u:hunter2@cache' })).not.toThrow(/hunter2/);
  });

  it('takes NODE_ID as given, or names the node after its host with a random suffix', () => {
    expect(config({ NODE_ID: 'node-a.1' }).nodeId).toBe('node-a.1');
    const [one, two] = [config({}).nodeId, config({}).nodeId];
    expect(one).toMatch(/^[A-Za-z0-9._-]+-[0-9a-f]{6}$/);
    expect(one).not.toBe(two);
    for (const bad of ['a/b', 'node a', 'x'.repeat(65)]) expect(() => config({ NODE_ID: bad })).toThrow(StartupError);
  });
});

describe('starting with REDIS_URL', () => {
  let redis: RedisServer;
  let url: string;
  const dirs: string[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
    url = await createDatabase(inject('pgAdminUrl'));
  });
  afterAll(async () => {
    await redis?.stop();
    if (url) await dropDatabase(inject('pgAdminUrl'), url);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('stops with one line without DATABASE_URL, or when Redis is unreachable (no password shown)', async () => {
    const alone = await runMain({ REDIS_URL: redis.url });
    expect(alone.code).toBe(1);
    expect(alone.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^토론 서버를 시작할 수 없습니다: REDIS_URL은 DATABASE_URL과 함께만 쓸 수 있습니다/),
    ]);
    const port = await freePort();
    const away = await runMain({ DATABASE_URL: url, REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` });
    expect(away.code).toBe(1);
    expect(away.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^토론 서버를 시작할 수 없습니다: REDIS_URL의 Redis\\(redis://127\\.0\\.0\\.1:${port}\\)에 연결할 수 없습니다`,
        ),
      ),
    ]);
    expect(away.stderr).not.toContain('hunter2');
  }, 60_000);

  it('runs several nodes on one database, and never a server without REDIS_URL beside them', async () => {
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'toron-redis-start-'));
      dirs.push(dir);
      return dir;
    };
    const env = { DATABASE_URL: url, REDIS_URL: redis.url, SEED_DEMO: 'false' };
    const a = await startChildServer({ dataDir: dataDir(), env: { ...env, NODE_ID: 'node-a' } });
    const b = await startChildServer({ dataDir: dataDir(), env: { ...env, NODE_ID: 'node-b' } }).catch(async (err) => {
      await a.kill('SIGTERM');
      throw err;
    });
    try {
      // Both nodes say they are alive in the database they share.
      const { rows } = await adminQuery(url, 'SELECT node_id FROM cluster_nodes ORDER BY node_id');
      expect(rows.map((r) => (r as { node_id: string }).node_id)).toEqual(['node-a', 'node-b']);
      for (const node of [a, b]) expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      const single = await runMain({ DATABASE_URL: url, NODE_ID: 'single' });
      expect(single.code).toBe(1);
      expect(single.stderr).toMatch(/다른 토론 서버가 이미 실행 중입니다.*REDIS_URL을 지정하세요/);
    } finally {
      await a.kill('SIGTERM');
      await b.kill('SIGTERM');
    }
    const single = await startChildServer({ dataDir: dataDir(), env: { DATABASE_URL: url, SEED_DEMO: 'false' } });
    try {
      const node = await runMain({ ...env, NODE_ID: 'node-c' });
      expect(node.code).toBe(1);
      expect(node.stderr).toMatch(/REDIS_URL 없이 시작한 단일 토론 서버가 쓰고 있습니다/);
    } finally {
      await single.kill('SIGTERM');
    }
  }, 180_000);
});
