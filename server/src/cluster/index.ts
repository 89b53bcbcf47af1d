/**
 * Running on one node or several: the only node owns every room; with REDIS_URL this node is one
 * of several, beating a heartbeat in PostgreSQL and claiming the rooms of nodes that went silent.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Storage } from '../db/storage.js';
import type { RoomDirectory } from '../debates/directory.js';
import type { PubSub } from '../realtime/pubsub.js';
import { ClusterNode } from './cluster-node.js';
import type { RoomNode } from './room-node.js';
import { singleNode } from './single-node.js';

/** This node's RoomNode: a ClusterNode when a bus connects the nodes (Redis), else the single node. */
export function roomNode(
  config: Config,
  storage: Storage,
  directory: RoomDirectory,
  bus: PubSub | null,
  logger: Logger,
): RoomNode {
  if (!bus || !storage.nodes) return singleNode(config.nodeId, storage, directory, logger);
  return new ClusterNode({
    nodeId: config.nodeId,
    storage,
    nodes: storage.nodes,
    directory,
    bus,
    logger,
    ...config.cluster,
  });
}
