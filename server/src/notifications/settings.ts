import { z } from 'zod';
import { parseEnv } from '../config.js';

/** Env settings of notifications and Web Push (read once, when the feature is built). */
export type NotificationSettings = {
  /** VAPID keys from the environment; both or neither (else they are kept in DATA_DIR). */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** The VAPID `sub` claim: a mailto: or https: contact. */
  vapidSubject: string;
};

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/);
const schema = z
  .object({
    VAPID_PUBLIC_KEY: base64url.optional(),
    VAPID_PRIVATE_KEY: base64url.optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/)
      .default('mailto:toron@toron.invalid'),
  })
  .refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
  });

/** Parses the notification env (throws with the problem on a bad value). */
export function loadNotificationSettings(env: NodeJS.ProcessEnv = process.env): NotificationSettings {
  const e = parseEnv(schema, env, 'notification environment');
  return {
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: e.VAPID_SUBJECT,
  };
}
