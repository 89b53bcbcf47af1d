import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Storage } from '../db/storage.js';
import type { RoomDirectory } from '../debates/directory.js';
import { createNotifier, type LiveChannel, type Notifier } from './notifier.js';
import { startPushDrain } from './push-drain.js';
import { createPushSender } from './push-sender.js';
import { createPushTransport } from './push-transport.js';
import { roomNotifications } from './room-notices.js';
import { loadNotificationSettings } from './settings.js';
import { loadVapidKeys } from './vapid.js';

export type NotificationService = {
  notifier: Notifier;
  /** The VAPID application server key browsers subscribe with (base64url). */
  vapidPublicKey: string;
  /** `host:port` push origins exempt from the public-address rule (tests only, never in production). */
  testAllowHosts: readonly string[];
  /** Connects live delivery (the STOMP broker) once the WebSocket side is up. */
  attachLive(channel: LiveChannel): void;
  /** Waits for deliveries in flight and stops sending pushes. */
  close(): Promise<void>;
};

/**
 * Builds the notifications feature's service once per app: VAPID keys (env, else stored),
 * the push sender, the notifier and the rooms' writer (recruitment, result). Follows and reports
 * store their notifications through the notifier in their own transactions.
 */
export async function createNotificationService(
  deps: {
    config: Config;
    storage: Storage;
    logger: Logger;
    /** The rooms, whose recruitments and endings are notified with their own commits. */
    rooms: Pick<RoomDirectory, 'writeWith'>;
  },
  env: NodeJS.ProcessEnv = process.env,
): Promise<NotificationService> {
  const { storage, logger } = deps;
  const settings = loadNotificationSettings(env);
  const keys = await loadVapidKeys(storage.secrets, settings.vapidKeys);
  const transport = createPushTransport(deps.config.push);
  const push = createPushSender({
    subscriptions: storage.pushSubscriptions,
    logger,
    keys,
    subject: settings.vapidSubject,
    transport,
  });
  let live: LiveChannel | null = null;
  const pushes = startPushDrain(storage.pushOutbox, push, logger);
  const notifier = createNotifier({ storage, logger, pushes, live: () => live });
  deps.rooms.writeWith(roomNotifications(notifier));
  return {
    notifier,
    vapidPublicKey: keys.publicKey,
    testAllowHosts: deps.config.push.testAllowHosts,
    attachLive(channel) {
      live = channel;
    },
    async close() {
      await notifier.settled();
      await pushes.stop();
      transport.close();
    },
  };
}
