/**
 * A Redis of the test file's own, started before its tests and stopped after them, and links to
 * it as nodes would have (each closed with it).
 */
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { connectRedis, type RedisLink } from '../../src/redis/connection.js';
import { startRedisServer, type RedisServer } from './redis-server.js';

/** Registers the hooks; call at the top of a test file. */
export function useRedis(): { server: () => RedisServer; link: (name: string) => Promise<RedisLink> } {
  let server: RedisServer | undefined;
  const links: RedisLink[] = [];
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(links.splice(0).map((link) => link.close()));
    await server?.stop();
  });
  return {
    server: () => server!,
    async link(name) {
      const link = await connectRedis(server!.url, pino({ level: 'silent' }), name);
      links.push(link);
      return link;
    },
  };
}
