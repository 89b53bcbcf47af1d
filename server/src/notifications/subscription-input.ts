import { isIP } from 'node:net';
import { ApiError } from '../http/envelope.js';
import { pushSubscriptionSchema } from './schemas.js';
import type { PushSubscriptionInput } from './subscription-store.js';

const refused = () =>
  new ApiError(400, 'INVALID_PUSH_SUBSCRIPTION', '푸시 구독 정보가 올바르지 않습니다. 알림 권한을 다시 허용해주세요.');

/**
 * Reads the browser's push subscription from `subscription` (an object) or `token` (its JSON
 * text, where the original client sent an FCM token). The endpoint must be https; plain http
 * and local addresses only outside production (a local push service in tests).
 */
export function readSubscription(
  body: { token?: string | undefined; subscription?: unknown },
  allowLocal: boolean,
): PushSubscriptionInput {
  let raw: unknown = body.subscription;
  if (raw === undefined && body.token !== undefined) {
    try {
      raw = JSON.parse(body.token);
    } catch {
      throw refused();
    }
  }
  const parsed = pushSubscriptionSchema.safeParse(raw);
  if (!parsed.success) throw refused();
  const url = new URL(parsed.data.endpoint);
  const local = url.hostname === 'localhost' || isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0;
  if (url.protocol !== 'https:' && !(allowLocal && url.protocol === 'http:')) throw refused();
  if (local && !allowLocal) throw refused();
  if (url.username || url.password) throw refused();
  return { endpoint: url.toString(), p256dh: parsed.data.keys.p256dh, auth: parsed.data.keys.auth };
}
