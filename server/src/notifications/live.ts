/**
 * The notification socket: a STOMP endpoint of its own (`/ws/notifications`), so open tabs get
 * their notifications live without joining any debate. CONNECT needs the access token (spec
 * deviation 2); the only destination is the caller's `/user/queue/notifications`.
 */
import { NOTIFICATIONS_QUEUE, STOMP_ENDPOINTS } from '@toron/engine';
import { connectingUser } from '../auth/token-user.js';
import type { AppDeps } from '../deps.js';
import { createPubSub } from '../realtime/shared-pubsub.js';
import { StompBroker } from '../realtime/stomp-broker.js';
import { attachStomp, pathRouter, type AuthResult, type StompServer } from '../stomp/index.js';

type Principal = { readonly id: number };
const route = pathRouter({ notifications: STOMP_ENDPOINTS.notifications });

export interface NotificationSocket {
  readonly stomp: StompServer<Principal, unknown>;
  stop(): Promise<void>;
}

/**
 * Creates the endpoint, connects it to the notifier as its live channel, and closes a user's
 * sockets when they are suspended or banned. The caller routes HTTP upgrades to `stomp.handleUpgrade`.
 */
export function startNotificationSocket(deps: AppDeps): NotificationSocket {
  // Each user's own topic: through Redis on several nodes, so a notification made on any node reaches every tab.
  const pubsub = createPubSub(deps.redis, (err, topic) =>
    deps.logger.error({ err, topic }, 'notification pubsub handler failed'),
  );
  const broker = new StompBroker(pubsub);
  const stomp = attachStomp<Principal, unknown>({
    ...deps.sockets,
    route: (url) => route(url),
    logger: deps.logger,
    hooks: {
      authenticate: async ({ token }): Promise<AuthResult<Principal>> => {
        const found = await connectingUser(deps.storage, deps.sessions.secret, token);
        return found.ok ? { ok: true, principal: { id: found.user.id } } : found;
      },
      onSubscribe: (session, sub) => {
        if (sub.destination === NOTIFICATIONS_QUEUE) return broker.bind(session, sub);
        return {
          refuse: true,
          body: { ok: false, code: 'UNKNOWN_DESTINATION', message: '알 수 없는 구독 대상입니다.' },
        };
      },
    },
  });
  deps.notifications.attachLive(broker);
  const off = deps.events.on('user-sanctioned', (e) => stomp.closePrincipal(e.userId, '이용이 제한된 계정입니다.'));
  return {
    stomp,
    async stop() {
      off();
      await stomp.shutdown({ timeoutMs: 2_000 });
      await deps.notifications.close();
      await pubsub.close();
    },
  };
}
