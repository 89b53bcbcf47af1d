/** Regressions for server bugs the security suites found (each fixed in its own commit). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameParser } from '../../src/stomp/parser.js';
import { StompProtocolError } from '../../src/stomp/errors.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectEnvelope } from './envelope.js';

describe('sign-in callback when the provider asks to slow down', () => {
  const provider = createServer((_req, res) =>
    res.writeHead(429, { 'Content-Type': 'application/json' }).end('{"error":"slow_down"}'),
  );
  let server: TestServer;
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/token`;
    server = await startTestServer({ GOOGLE_TOKEN_URL: url, KAKAO_TOKEN_URL: url });
  });
  afterAll(async () => {
    await server.stop();
    await new Promise((resolve) => provider.close(resolve));
  });

  // Was 502 OAUTH_PROVIDER_UNAVAILABLE: a client's repeated bad codes looked like a broken provider.
  it.each(['google', 'kakao'])('%s: a provider 429 is a 429 in the envelope, not a 5xx', async (p) => {
    const res = await server.call('POST', `/login/oauth2/callback?code=junk&provider=${p}`);
    expect(res.status).toBe(429);
    expectEnvelope(res.body);
    expect(res.body.code).toBe('OAUTH_RATE_LIMITED');
  });
});

describe('STOMP parser: a NUL before the end of the headers', () => {
  // Was: the parser kept waiting for an LF, so `\x01\0` held a socket open until the CONNECT timeout.
  it.each([['\x01\0'], ['SEND\0'], ['SEND\ndestination:/a\0'], ['CONNECT\naccept-version:1.2\n\0\0']])(
    '%j is refused at once',
    (text) => {
      const parser = new FrameParser();
      parser.push(text);
      expect(() => parser.next()).toThrow(StompProtocolError);
    },
  );

  it('a NUL in the body is still the frame end', () => {
    const parser = new FrameParser();
    parser.push('SEND\ndestination:/a\n\nbody\0');
    expect(parser.next()?.command).toBe('SEND');
  });
});
