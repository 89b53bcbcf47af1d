/**
 * A local Web Push service for tests: an https server (a self-signed certificate made per run)
 * that accepts pushes like a browser vendor's service would (RFC 8030), and browser-side
 * subscriptions whose P-256 key pair and auth secret are generated here, so the aes128gcm payload
 * (RFC 8188 + RFC 8291) can be decrypted and read. The server under test reaches it through
 * `serverEnv()`: the test-only allow list and the certificate to trust.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

export type PushSubscriptionJson = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's side of a subscription: its key pair and auth secret. */
export class PushClient {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);
  readonly publicKey: Buffer;
  constructor(readonly endpoint: string) {
    this.publicKey = this.ecdh.generateKeys();
  }
  /** What PushSubscription.toJSON() gives in a browser. */
  toJSON(): PushSubscriptionJson {
    return {
      endpoint: this.endpoint,
      expirationTime: null,
      keys: { p256dh: this.publicKey.toString('base64url'), auth: this.auth.toString('base64url') },
    };
  }
  /** Decrypts one aes128gcm push body (RFC 8291 §3.4, single record) into its text. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const cipherText = body.subarray(21 + idLength);
    if (cipherText.length > recordSize) throw new Error('more than one record');
    const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.publicKey, serverKey]);
    const ikm = hmac(hmac(this.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
    const prk = hmac(salt, ikm);
    const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
    const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
    const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('missing last-record delimiter');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** The push service: records every push, answers 201 unless told otherwise per path. */
export class PushService {
  readonly received: ReceivedPush[] = [];
  private readonly statusByPath = new Map<string, number>();
  private waiters: (() => void)[] = [];
  private constructor(
    private readonly server: Server,
    readonly url: string,
    /** The certificate it serves (another service may share it, see `start`). */
    readonly certificate: Certificate,
  ) {}

  /** Starts a service on a free loopback port, with a new certificate or the given one. */
  static async start(certificate?: Certificate): Promise<PushService> {
    let service: PushService | undefined;
    const own = certificate ?? (await selfSignedCertificate());
    const server = createServer({ cert: own.cert, key: own.key }, (req, res) => {
      recordRequest(req, (path, body) => {
        service?.received.push({ path, headers: req.headers, body });
        res.writeHead(service?.statusByPath.get(path) ?? 201).end();
        for (const wake of service?.waiters.splice(0) ?? []) wake();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    service = new PushService(server, `https://127.0.0.1:${(server.address() as AddressInfo).port}`, own);
    return service;
  }

  /** What the server under test needs to push here: this origin on the allow list, this certificate trusted. */
  serverEnv(): Record<string, string> {
    return { PUSH_TEST_ALLOW_HOSTS: new URL(this.url).host, PUSH_TEST_CA_FILE: this.certificate.file };
  }

  /** A new browser subscription on this service. */
  subscribe(): PushClient {
    return new PushClient(`${this.url}/push/${randomUUID()}`);
  }

  /** Makes the service answer `status` (e.g. 410 Gone) for this subscription from now on. */
  answer(client: PushClient, status: number): void {
    this.statusByPath.set(new URL(client.endpoint).pathname, status);
  }

  /** Pushes received for a subscription so far. */
  pushesFor(client: PushClient): ReceivedPush[] {
    const path = new URL(client.endpoint).pathname;
    return this.received.filter((r) => r.path === path);
  }

  /** Waits until the subscription has received `count` pushes; returns them decrypted and parsed. */
  async waitFor(client: PushClient, count = 1, timeoutMs = 5_000): Promise<unknown[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.pushesFor(client).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} pushes, got ${this.pushesFor(client).length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.pushesFor(client).map((p) => JSON.parse(client.decrypt(p.body)) as unknown);
  }

  close(): Promise<void> {
    rmSync(path.dirname(this.certificate.file), { recursive: true, force: true });
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Collects a request's body, then hands it over with its path. */
function recordRequest(req: IncomingMessage, done: (path: string, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => done(req.url ?? '/', Buffer.concat(chunks)));
}

export type Certificate = { cert: string; key: string; file: string };

/** A fresh self-signed certificate for 127.0.0.1, ::1 and localhost, its PEM kept in a temp file. */
async function selfSignedCertificate(): Promise<Certificate> {
  const made = await generate([{ name: 'commonName', value: 'toron-test-push' }], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'toron-push-')), 'cert.pem');
  writeFileSync(file, made.cert);
  return { cert: made.cert, key: made.private, file };
}
