/**
 * The demo provider's sealed codes and tokens: opened by any store holding the same secret (any
 * node of a cluster), never by one with another secret; an altered one, an expired one, or one of
 * the other kind opens nothing; a code is spent once.
 */
import { describe, expect, it } from 'vitest';
import { createGrantStore, memorySpentCodes } from '../../src/demo-oauth/grants.js';

const secret = (text: string) => new TextEncoder().encode(text.padEnd(48, '.'));
const GRANT = {
  provider: 'kakao',
  subject: 'junho',
  clientId: 'toron-demo-kakao',
  redirectUri: 'http://127.0.0.1/login/oauth2/callback/kakao',
  endClient: '127.0.0.1',
  codeChallenge: null,
} as const;

describe('demo grants', () => {
  it('a code issued by one store is taken once by another with the same secret and the same spent codes', async () => {
    const spent = memorySpentCodes();
    const code = createGrantStore(secret('shared'), spent).issueCode(GRANT);
    const elsewhere = createGrantStore(secret('shared'), spent);
    expect(await elsewhere.takeCode(code)).toMatchObject(GRANT);
    expect(await elsewhere.takeCode(code)).toBeUndefined();
  });

  it('opens nothing sealed under another secret, altered, expired, or of the other kind', async () => {
    let now = 1_000_000;
    const store = createGrantStore(
      secret('shared'),
      memorySpentCodes(() => now),
      () => now,
    );
    const other = createGrantStore(secret('another'), memorySpentCodes());
    expect(await other.takeCode(store.issueCode(GRANT))).toBeUndefined();
    expect(other.lookupToken(store.issueToken('kakao', 'junho'))).toBeUndefined();

    const code = store.issueCode(GRANT);
    const bytes = Buffer.from(code, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(await store.takeCode(bytes.toString('base64url'))).toBeUndefined();
    expect(await store.takeCode('not-a-code')).toBeUndefined();

    const token = store.issueToken('kakao', 'junho');
    expect(store.lookupToken(token)).toMatchObject({ provider: 'kakao', subject: 'junho' });
    expect(await store.takeCode(token)).toBeUndefined();
    expect(store.lookupToken(code)).toBeUndefined();

    now += 10 * 60 * 1000 + 1;
    expect(store.lookupToken(token)).toBeUndefined();
    expect(await store.takeCode(code)).toBeUndefined();
  });
});
