/**
 * What a node does with REDIS_URL at start. Running several nodes needs room ownership, command
 * forwarding and fan-out across nodes, which this server does not do yet. So a node given
 * REDIS_URL checks that Redis answers (a wrong address is found when deploying, not later), says
 * plainly that it runs as the only node, and leaves Redis alone; PostgreSQL meanwhile refuses a
 * second server on the same database, so nothing runs half as a cluster.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { connectRedis } from './connection.js';

/** The notice a node with REDIS_URL gives at start. */
export const MULTI_NODE_NOT_AVAILABLE =
  'REDIS_URL: 여러 서버(노드) 운영은 아직 지원되지 않습니다. 이 서버는 단일 노드로 동작하며 Redis를 쓰지 않습니다.';

/** Nothing without REDIS_URL; otherwise a StartupError when Redis is unreachable, else the notice. */
export async function checkRedisAtStart(config: Config, logger: Logger): Promise<void> {
  if (config.redisUrl === undefined) return;
  const link = await connectRedis(config.redisUrl, logger, config.nodeId);
  await link.close();
  logger.warn({ nodeId: config.nodeId }, MULTI_NODE_NOT_AVAILABLE);
}
