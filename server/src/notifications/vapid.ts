import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

export type VapidKeys = { publicKey: string; privateKey: string };

const fileSchema = z.object({ publicKey: z.string().min(80), privateKey: z.string().min(40) });

/**
 * The server's VAPID key pair: the configured one, else the one kept in DATA_DIR/vapid.json,
 * generated (owner-readable only) on the first start so browsers' subscriptions stay valid.
 */
export function loadVapidKeys(dataDir: string, configured: VapidKeys | null): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, 'vapid.json');
  if (!existsSync(file)) {
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
    }
  }
  const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} does not hold a VAPID key pair`);
  return parsed.data;
}
