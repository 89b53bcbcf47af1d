import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Provider } from '../config.js';

const provider = z.enum(['google', 'kakao']);
const grantSchema = z.object({
  kind: z.literal('code'),
  provider,
  subject: z.string(),
  clientId: z.string(),
  redirectUri: z.string(),
  /** The address of the browser that signed in (the token request comes from our own server). */
  endClient: z.string(),
  /** The PKCE S256 challenge of the authorize request, if it sent one. */
  codeChallenge: z.string().nullable(),
  expiresAt: z.number(),
});
const accessSchema = z.object({ kind: z.literal('token'), provider, subject: z.string(), expiresAt: z.number() });

export type Grant = Omit<z.infer<typeof grantSchema>, 'kind'>;
export type Access = Omit<z.infer<typeof accessSchema>, 'kind'>;

const CODE_TTL_MS = 5 * 60 * 1000;
export const ACCESS_TTL_SEC = 10 * 60;

/** Where a code's one use is recorded: `spend` is true the first time a code is spent, false after. */
export interface SpentCodes {
  spend(code: string, forMs: number): Promise<boolean>;
}

/** Spent codes of one process (the embedded server, the only node), dropped once they would have expired. */
export function memorySpentCodes(now: () => number = Date.now): SpentCodes {
  const spent = new Map<string, number>();
  return {
    async spend(code, forMs) {
      const t = now();
      for (const [k, until] of spent) if (until <= t) spent.delete(k);
      if (spent.has(code)) return false;
      spent.set(code, t + forMs);
      return true;
    },
  };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The demo provider's authorization codes and access tokens, sealed with AES-256-GCM under a key
 * derived from the server's secret, which every node of a cluster shares: whichever node a step of
 * a sign-in reaches opens what another node issued, and nobody can read, alter or forge one. A
 * code is usable once: its first use is recorded in `spent`, which every node sees.
 */
export function createGrantStore(secret: Uint8Array, spent: SpentCodes, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'toron demo-oauth grants', 32));
  const seal = (value: object): string => {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  };
  const open = <T>(sealed: string, schema: z.ZodType<T>): T | undefined => {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
      const parsed = schema.safeParse(JSON.parse(text.toString('utf8')));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined; // altered, forged, or sealed under another secret
    }
  };
  return {
    /** A new one-time code for this sign-in. */
    issueCode(grant: Omit<Grant, 'expiresAt'>): string {
      return seal({ kind: 'code', ...grant, expiresAt: now() + CODE_TTL_MS });
    },
    /** The grant behind a code, once: spent by this call whether or not the exchange goes on. */
    async takeCode(code: string): Promise<Grant | undefined> {
      const grant = open(code, grantSchema);
      if (!grant || grant.expiresAt <= now()) return undefined;
      const id = createHash('sha256').update(code).digest('base64url');
      if (!(await spent.spend(id, grant.expiresAt - now()))) return undefined;
      const { kind: _, ...rest } = grant;
      return rest;
    },
    /** A provider access token for the identity. */
    issueToken(p: Provider, subject: string): string {
      return seal({ kind: 'token', provider: p, subject, expiresAt: now() + ACCESS_TTL_SEC * 1000 });
    },
    /** The identity behind a provider access token, if it is still valid. */
    lookupToken(token: string): Access | undefined {
      const access = open(token, accessSchema);
      if (!access || access.expiresAt <= now()) return undefined;
      const { kind: _, ...rest } = access;
      return rest;
    },
  };
}
