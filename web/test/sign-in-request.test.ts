import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { prepareSignIn, takeSignIn } from '../src/features/auth/sign-in-request';

const AUTHORIZE = 'http://localhost:8080/demo-oauth/google/authorize?client_id=toron-demo-google&response_type=code';

describe('sign-in attempts (state + PKCE)', () => {
  beforeEach(() => localStorage.clear());

  it('puts a fresh state and the S256 challenge of a fresh verifier on the authorize URL, else unchanged', () => {
    const first = new URL(prepareSignIn('google', AUTHORIZE));
    const second = new URL(prepareSignIn('google', AUTHORIZE));
    expect(first.searchParams.get('client_id')).toBe('toron-demo-google');
    expect(first.searchParams.get('code_challenge_method')).toBe('S256');
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
    const { verifier, returnTo } = takeSignIn(first.searchParams.get('state'), 'google')!;
    expect(returnTo).toBeNull();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(first.searchParams.get('code_challenge'));
  });

  it('gives the verifier once, for its own provider, and nothing for a state this browser did not make', () => {
    const state = new URL(prepareSignIn('kakao', AUTHORIZE)).searchParams.get('state');
    expect(takeSignIn(null, 'kakao')).toBeNull();
    expect(takeSignIn('forged-state', 'kakao')).toBeNull();
    const other = new URL(prepareSignIn('google', AUTHORIZE)).searchParams.get('state');
    expect(takeSignIn(other, 'kakao')).toBeNull(); // and it is spent
    expect(takeSignIn(other, 'google')).toBeNull();
    expect(takeSignIn(state, 'kakao')).toEqual({ verifier: expect.any(String), returnTo: null });
    expect(takeSignIn(state, 'kakao')).toBeNull();
  });

  it('forgets an attempt after an hour', () => {
    const state = new URL(prepareSignIn('google', AUTHORIZE)).searchParams.get('state')!;
    const key = Object.keys(localStorage).find((k) => k.endsWith(state))!;
    const stored = JSON.parse(localStorage.getItem(key)!) as { createdAt: number };
    localStorage.setItem(key, JSON.stringify({ ...stored, createdAt: Date.now() - 61 * 60 * 1000 }));
    prepareSignIn('google', AUTHORIZE);
    expect(localStorage.getItem(key)).toBeNull();
    expect(takeSignIn(state, 'google')).toBeNull();
  });

  it('keeps where the visitor was going with the attempt, only when it is one of this app’s member pages', () => {
    const taken = (next: string) =>
      takeSignIn(new URL(prepareSignIn('google', AUTHORIZE, next)).searchParams.get('state'), 'google')?.returnTo;
    expect(taken('/archived-room/abc')).toBe('/archived-room/abc');
    expect(taken('//evil.example/x')).toBeNull();
    expect(taken('/login')).toBeNull();
    // A value planted in storage is checked again when it is read back.
    const state = new URL(prepareSignIn('google', AUTHORIZE)).searchParams.get('state')!;
    const key = Object.keys(localStorage).find((k) => k.endsWith(state))!;
    const stored = JSON.parse(localStorage.getItem(key)!) as object;
    localStorage.setItem(key, JSON.stringify({ ...stored, returnTo: 'https://evil.example/' }));
    expect(takeSignIn(state, 'google')?.returnTo).toBeNull();
  });
});
