import { ApiError } from '../http/envelope.js';
import { isAddressLiteral, isLocalName, isPublicAddress } from './push-address.js';
import { pushSubscriptionSchema } from './schemas.js';
import type { PushSubscriptionInput } from './subscription-store.js';

const refused = () =>
  new ApiError(400, 'INVALID_PUSH_SUBSCRIPTION', '푸시 구독 정보가 올바르지 않습니다. 알림 권한을 다시 허용해주세요.');

const notAllowed = () =>
  new ApiError(
    400,
    'PUSH_ENDPOINT_NOT_ALLOWED',
    '이 주소로는 푸시 알림을 보낼 수 없습니다. 브라우저의 알림 구독을 다시 시도해주세요.',
  );

/**
 * Reads the browser's push subscription from `subscription` (an object) or `token` (its JSON
 * text, where the original client sent an FCM token). The endpoint must be https with no
 * credentials, and neither a local name nor a non-public address literal (`https://0`,
 * `https://2130706433` and `https://[::ffff:127.0.0.1]` are such literals once parsed); a name
 * is checked again after resolution each time a push goes out. `allowHosts` (`host:port`, tests
 * only) are exempt from the address rule.
 */
export function readSubscription(
  body: { token?: string | undefined; subscription?: unknown },
  allowHosts: readonly string[],
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
  if (url.protocol !== 'https:' || url.username || url.password) throw notAllowed();
  const exempt = allowHosts.includes(`${url.hostname}:${url.port || '443'}`);
  const internal = isLocalName(url.hostname) || (isAddressLiteral(url.hostname) && !isPublicAddress(url.hostname));
  if (internal && !exempt) throw notAllowed();
  return { endpoint: url.toString(), p256dh: parsed.data.keys.p256dh, auth: parsed.data.keys.auth };
}
