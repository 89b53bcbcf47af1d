/**
 * The demo provider's spent sign-in codes across nodes: SET NX for the code's remaining life, so
 * the first node to spend a code wins. While Redis is unreachable the spend fails and the sign-in
 * with it (the user tries again): a code used twice would be worse.
 */
import type { SpentCodes } from '../demo-oauth/grants.js';
import type { RedisLink } from './connection.js';

export function redisSpentCodes(link: RedisLink): SpentCodes {
  return {
    async spend(code, forMs) {
      const set = await link.commands.set(`demo-oauth:spent:${code}`, '1', {
        NX: true,
        PX: Math.max(1, Math.ceil(forMs)),
      });
      return set === 'OK';
    },
  };
}
