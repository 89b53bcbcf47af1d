/**
 * Domain events every node must hear. A sanction closes the user's sockets wherever they are
 * connected, and on several nodes the node that decided it holds only some of them. The event is
 * emitted here at once (this node's sockets never wait on Redis) and published on the shared bus;
 * the other nodes emit it on their own bus when it arrives. A message from another node is checked
 * before it is believed.
 */
import { z } from 'zod';
import type { Logger } from 'pino';
import type { DomainEvents, EventBus } from '../events.js';
import type { PubSub } from './pubsub.js';

/** The events shared across nodes, each with the shape its payload must have on arrival. */
const shared = {
  'user-sanctioned': z.object({ userId: z.number().int().positive(), at: z.coerce.date() }),
} satisfies { [K in keyof DomainEvents]?: z.ZodType<DomainEvents[K], unknown> };

type SharedName = keyof typeof shared;
const isShared = (name: keyof DomainEvents): name is SharedName => name in shared;

/** The bus topic of a shared event. */
const topicOf = (name: SharedName) => `cluster:event:${name}`;

const envelope = z.object({ origin: z.string().min(1), event: z.unknown() });

/**
 * Wraps `local` so that emitting a shared event also reaches the other nodes of `pubsub`, and
 * their shared events are emitted on `local`. `nodeId` marks this node's own messages, which it
 * has already emitted. The subscriptions last as long as the bus (closing the link ends them).
 */
export function eventsAcrossNodes(local: EventBus, pubsub: PubSub, nodeId: string, logger: Logger): EventBus {
  for (const name of Object.keys(shared) as SharedName[])
    pubsub.subscribe(topicOf(name), (message) => {
      const parsed = envelope.safeParse(message.payload);
      const event = parsed.success ? shared[name].safeParse(parsed.data.event) : null;
      if (!parsed.success || !event?.success) {
        logger.warn({ topic: message.topic }, 'malformed cluster event ignored');
        return;
      }
      if (parsed.data.origin !== nodeId) local.emit(name, event.data);
    });
  return {
    on: (name, listener) => local.on(name, listener),
    emit(name, event) {
      local.emit(name, event);
      if (!isShared(name)) return;
      pubsub
        .publish(topicOf(name), { origin: nodeId, event })
        .catch((err: unknown) => logger.error({ err, event: name }, 'cluster event not published to other nodes'));
    },
  };
}
