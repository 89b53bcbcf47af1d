import webpush from 'web-push';
import { z } from 'zod';
import type { SecretStore } from '../db/secrets.js';

export type VapidKeys = { publicKey: string; privateKey: string };

const storedSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The server's VAPID key pair: the configured one, else the stored one (DATA_DIR/vapid.json on
 * SQLite, the shared secrets table on PostgreSQL), generated on the first start so browsers'
 * subscriptions stay valid.
 */
export async function loadVapidKeys(secrets: SecretStore, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return configured;
  const stored = await secrets.obtain('vapid.json', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const parsed = storedSchema.safeParse(JSON.parse(stored));
  if (!parsed.success) throw new Error('the stored VAPID key pair (vapid.json) is not valid');
  return parsed.data;
}
