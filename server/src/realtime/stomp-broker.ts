/**
 * Bridges STOMP subscriptions to the PubSub: one PubSub subscription per topic in this process,
 * fanned out to every bound STOMP subscription with its own subscription id. The JSON body is
 * encoded once per publication, whatever the number of subscribers.
 */
import { PreparedBody } from '../stomp/message-body.js';
import type { Session, Subscription } from '../stomp/hooks.js';
import type { PubSub, PubSubMessage, Unsubscribe } from './pubsub.js';

interface Target {
  readonly session: Session;
  readonly subscriptionId: string;
}

interface TopicFanOut {
  readonly targets: Set<Target>;
  readonly unsubscribe: Unsubscribe;
}

const USER_PREFIX = '/user/';

export class StompBroker {
  private readonly topics = new Map<string, TopicFanOut>();

  constructor(private readonly pubsub: PubSub) {}

  /**
   * Delivers publications on `topic` (default: the subscription's destination; `/user/…`
   * destinations map to the session user's own topic) to this subscription until it ends.
   */
  bind(session: Session, subscription: Subscription, topic = this.topicFor(session, subscription.destination)): void {
    if (!subscription.active || session.closed) return;
    const fanOut = this.topics.get(topic) ?? this.open(topic);
    const target: Target = { session, subscriptionId: subscription.id };
    fanOut.targets.add(target);
    subscription.onEnd(() => {
      fanOut.targets.delete(target);
      if (fanOut.targets.size === 0 && this.topics.get(topic) === fanOut) {
        this.topics.delete(topic);
        fanOut.unsubscribe();
      }
    });
  }

  /** Publishes to every STOMP subscriber of `destination`, in every process sharing the PubSub. */
  publish(destination: string, payload: unknown): Promise<void> {
    return this.pubsub.publish(destination, payload);
  }

  /** Publishes to the `/user/…` destination (e.g. `/user/queue/notifications`) of one user only. */
  publishToUser(principalId: string | number, destination: string, payload: unknown): Promise<void> {
    return this.pubsub.publish(userTopic(principalId, destination), payload);
  }

  /** The PubSub topic for a destination as seen by `session`. */
  topicFor(session: Session, destination: string): string {
    return destination.startsWith(USER_PREFIX) ? userTopic(session.principal.id, destination) : destination;
  }

  /** Topics with at least one bound subscription in this process. */
  get topicCount(): number {
    return this.topics.size;
  }

  private open(topic: string): TopicFanOut {
    const targets = new Set<Target>();
    const unsubscribe = this.pubsub.subscribe(topic, (message: PubSubMessage) => {
      const body = PreparedBody.jsonText(message.json);
      for (const { session, subscriptionId } of targets) session.sendPrepared(subscriptionId, body);
    });
    const fanOut = { targets, unsubscribe };
    this.topics.set(topic, fanOut);
    return fanOut;
  }
}

/** `/user/queue/x` of user 7 → `/user/7/queue/x` (a destination without `/user` is prefixed the same way). */
function userTopic(principalId: string | number, destination: string): string {
  const rest = destination.startsWith(USER_PREFIX) ? destination.slice(USER_PREFIX.length - 1) : destination;
  return `/user/${encodeURIComponent(String(principalId))}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
