import { randomUUID } from 'node:crypto';
import { link, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The secrets the server generates for itself when they are not configured. */
export type SecretName = 'jwt-secret' | 'vapid.json';

/** Where generated secrets are kept: files in DATA_DIR (SQLite), or a table every process shares (PostgreSQL). */
export interface SecretStore {
  /**
   * The stored value of a secret. The first caller ever stores `generate()`; every later one,
   * in any process, gets that same value (whoever wins a race, the loser reads the winner's).
   */
  obtain(name: SecretName, generate: () => string): Promise<string>;
}

/** Secrets as owner-readable files in the data directory. */
export function fileSecretStore(dataDir: string): SecretStore {
  return {
    async obtain(name, generate) {
      const file = path.join(dataDir, name);
      // Written whole under a private name, then linked into place: a link is atomic and refuses an existing file,
      // so no caller ever reads a half-written secret, and a race's losers read the winner's.
      const draft = `${file}.${randomUUID()}`;
      await writeFile(draft, generate(), { mode: 0o600, flag: 'wx' });
      try {
        await link(draft, file);
      } catch (err) {
        if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
      } finally {
        await rm(draft, { force: true });
      }
      return readFile(file, 'utf8');
    },
  };
}
