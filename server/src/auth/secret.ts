import { randomBytes } from 'node:crypto';
import type { SecretStore } from '../db/secrets.js';

/**
 * The HS256 signing key: the configured one, else the stored one (DATA_DIR/jwt-secret on
 * SQLite, the shared secrets table on PostgreSQL), generated on the first start.
 */
export async function loadJwtSecret(secrets: SecretStore, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const secret = (await secrets.obtain('jwt-secret', () => randomBytes(48).toString('base64url'))).trim();
  if (secret.length < 32) throw new Error('the stored JWT secret (jwt-secret) is shorter than 32 characters');
  return new TextEncoder().encode(secret);
}
