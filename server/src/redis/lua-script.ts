/**
 * A Lua script run by its SHA1 (EVALSHA: one round trip, the body not resent), loaded by EVAL the
 * first time a Redis answers NOSCRIPT (after a start or a restart, its script cache is empty).
 */
import { createHash } from 'node:crypto';
import type { RedisClient } from './connection.js';

type LuaReply = unknown;

export interface LuaScript {
  run(client: RedisClient, keys: readonly string[], args: readonly (string | number)[]): Promise<LuaReply>;
}

/** Wraps a script's source. */
export function luaScript(source: string): LuaScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return {
    async run(client, keys, args) {
      const options = { keys: [...keys], arguments: args.map(String) };
      try {
        return await client.evalSha(sha, options);
      } catch (err) {
        if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
        return client.eval(source, options);
      }
    },
  };
}
