import { eq } from 'drizzle-orm';
import type { PgDb } from './postgres.js';
import type { SecretStore } from './secrets.js';
import { clusterSecrets } from './tables.pg.js';

/** Secrets in the cluster_secrets table: INSERT … ON CONFLICT DO NOTHING, then read whichever value won. */
export function pgSecretStore(db: PgDb): SecretStore {
  return {
    async obtain(name, generate) {
      await db.insert(clusterSecrets).values({ name, value: generate() }).onConflictDoNothing();
      const [row] = await db.select().from(clusterSecrets).where(eq(clusterSecrets.name, name));
      return row!.value;
    },
  };
}
