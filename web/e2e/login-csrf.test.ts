// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Login CSRF: a code the attacker obtained for their own account, sent to a victim's callback page,
// must not sign the victim in; the victim's own sign-in (state + PKCE) still works.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The attacker signs in at the demo provider with a state and PKCE challenge of their own, and keeps the code. */
async function attackerCode(): Promise<{ code: string; state: string }> {
  const state = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL('/demo-oauth/google/authorize', server.url);
  authorize.search = new URLSearchParams({
    client_id: 'toron-demo-google',
    redirect_uri: `${server.url}/login/oauth2/callback/google`,
    response_type: 'code',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: `attacker-${randomBytes(3).toString('hex')}`,
  }).toString();
  const redirect = await fetch(authorize, { redirect: 'manual' });
  expect(redirect.status).toBe(302);
  const code = new URL(redirect.headers.get('location')!).searchParams.get('code')!;
  return { code, state };
}

const session = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId ?? null);

describe('the sign-in callback page', () => {
  it("refuses an attacker's code without this browser's state; signs the victim in by their own attempt", async () => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'ko-KR' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const exchanges: string[] = [];
    page.on('request', (r) => r.url().includes('/login/oauth2/callback?') && exchanges.push(r.url()));

    for (const suffix of ['', `&state=${(await attackerCode()).state}`]) {
      const { code } = await attackerCode();
      await page.goto(`/login/oauth2/callback/google?code=${encodeURIComponent(code)}${suffix}`);
      const dialog = page.getByRole('dialog', { name: '로그인 실패' });
      await dialog.getByText('이 브라우저에서 시작한 로그인이 아닙니다.', { exact: false }).waitFor();
      expect(await session(page)).toBeNull();
      await dialog.getByRole('button').first().click();
      await page.waitForURL(`${server.url}/`);
    }
    expect(exchanges).toEqual([]);

    // The victim's own sign-in: the login page's link carries a fresh state and an S256 challenge.
    await page.goto('/login');
    const href = new URL((await page.getByRole('link', { name: 'Google로 로그인' }).getAttribute('href'))!, server.url);
    expect(href.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(href.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(href.searchParams.get('code_challenge_method')).toBe('S256');
    href.searchParams.set('login_hint', 'minji');
    await page.goto(href.toString());
    await page.waitForURL(/\/main$/);
    expect(await session(page)).toEqual(expect.any(Number));
    expect(exchanges).toHaveLength(1);
    expect(new URL(exchanges[0]!).searchParams.get('codeVerifier')).toMatch(/^[\w-]{43}$/);
    await context.close();
  }, 60_000);
});
