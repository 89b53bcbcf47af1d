import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { PushConfig } from '../config.js';
import { InternalDestinationError, isAddressLiteral, isPublicAddress, publicOnlyLookup } from './push-address.js';

/** One push request: the endpoint, the headers and encrypted body `web-push` prepared. */
type PushRequest = { endpoint: string; headers: Record<string, string>; body: Uint8Array | undefined };

export type PushTransport = {
  /**
   * POSTs to the endpoint and resolves with the push service's status. Rejects with
   * InternalDestinationError when the endpoint is, or resolves to, an address that is not public.
   */
  post(push: PushRequest): Promise<number>;
  close(): void;
};

const TIMEOUT_MS = 10_000;
const MAX_SOCKETS = 16; // outbound connections per destination at once
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Web Push over https only, to public addresses only: a literal address is checked before the
 * request, a name by the agent's lookup after resolution (the socket connects to the checked
 * address). Origins on the test allow list skip the address rule, never the https rule.
 */
export function createPushTransport(config: PushConfig): PushTransport {
  const ca = config.testCaFile ? [...rootCertificates, readFileSync(config.testCaFile, 'utf8')] : undefined;
  const common = { maxSockets: MAX_SOCKETS, timeout: TIMEOUT_MS, ...(ca ? { ca } : {}) };
  const publicOnly = new Agent({ ...common, lookup: publicOnlyLookup });
  const allowListed = new Agent(common);
  const allowed = new Set(config.testAllowHosts);

  return {
    post({ endpoint, headers, body }) {
      const url = new URL(endpoint);
      if (url.protocol !== 'https:') return Promise.reject(new InternalDestinationError(url.host));
      const exempt = allowed.has(`${url.hostname}:${url.port || '443'}`);
      if (!exempt && isAddressLiteral(url.hostname) && !isPublicAddress(url.hostname)) {
        return Promise.reject(new InternalDestinationError(url.hostname));
      }
      return new Promise<number>((resolve, reject) => {
        const req = request(url, { method: 'POST', headers, agent: exempt ? allowListed : publicOnly }, (res) => {
          let seen = 0;
          res.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            if (seen > MAX_ANSWER_BYTES) res.destroy();
          });
          res.on('close', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve(res.statusCode ?? 0));
        });
        req.setTimeout(TIMEOUT_MS, () => req.destroy(new Error('push request timed out')));
        req.on('error', (err: Error & { code?: string }) =>
          reject(err.code === 'EPUSHINTERNAL' ? new InternalDestinationError(url.hostname) : err),
        );
        req.end(body);
      });
    },
    close() {
      publicOnly.destroy();
      allowListed.destroy();
    },
  };
}
