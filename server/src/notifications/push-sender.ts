import type { Logger } from 'pino';
import webpush from 'web-push';
import type { PushMessage } from './outbox-store.js';
import { InternalDestinationError } from './push-address.js';
import type { PushTransport } from './push-transport.js';
import type { PushSubscriptionStore } from './subscription-store.js';
import type { VapidKeys } from './vapid.js';

export type PushSender = {
  /** Sends to every allowed subscription of the user; expired ones (404/410) are dropped. Never throws. */
  send(userId: number, message: PushMessage): Promise<void>;
};

const TTL_SECONDS = 24 * 60 * 60;

/**
 * Web Push over the standard protocol: `web-push` encrypts (aes128gcm) and signs (VAPID); the
 * request goes out through the push transport, which only reaches public https destinations.
 */
export function createPushSender(deps: {
  subscriptions: PushSubscriptionStore;
  logger: Logger;
  keys: VapidKeys;
  subject: string;
  transport: PushTransport;
}): PushSender {
  const vapidDetails = { subject: deps.subject, publicKey: deps.keys.publicKey, privateKey: deps.keys.privateKey };

  const sendOne = async (
    userId: number,
    sub: { endpoint: string; p256dh: string; auth: string },
    payload: string,
  ): Promise<void> => {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      { vapidDetails, TTL: TTL_SECONDS },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const body = details.body === null ? undefined : new Uint8Array(details.body);
    let status: number;
    try {
      status = await deps.transport.post({ endpoint: details.endpoint, headers, body });
    } catch (err) {
      if (!(err instanceof InternalDestinationError)) throw err;
      // Registered while its name looked public (or written by hand): never pushed to, forgotten.
      await deps.subscriptions.remove(sub.endpoint, userId);
      deps.logger.warn({ userId, host: err.host }, 'push endpoint is not a public address; subscription removed');
      return;
    }
    if (status === 404 || status === 410) {
      await deps.subscriptions.remove(sub.endpoint, userId);
      deps.logger.info({ userId, status }, 'push subscription expired and was removed');
    } else if (status < 200 || status >= 300) {
      deps.logger.warn({ userId, status }, 'push service refused a notification');
    }
  };

  return {
    async send(userId, message) {
      const payload = JSON.stringify(message);
      const subs = await deps.subscriptions.allowed(userId);
      await Promise.all(
        subs.map((sub) =>
          sendOne(userId, sub, payload).catch((err: unknown) =>
            deps.logger.warn({ err, userId }, 'push delivery failed'),
          ),
        ),
      );
    },
  };
}
