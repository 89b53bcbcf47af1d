import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Demo users on the Kakao-shaped sign-in page (fixtures/users/demo-users.json); the rest are Google's. */
const KAKAO = new Set(['junho', 'doyun', 'haeun', 'yuna']);

export interface Member {
  context: BrowserContext;
  page: Page;
  userId: number;
}

export interface SignInOptions {
  width?: number;
  height?: number;
  /** Browse with the page's content security policy switched off (to test escaping alone). */
  bypassCSP?: boolean;
}

/**
 * Signs `page` in as a demo user (or a new identity for an unknown key) the way a person does:
 * the login button of the right provider, the demo provider with `login_hint`, back to /main.
 * Returns the user id the app stored.
 */
export async function signInOn(page: Page, baseURL: string, key: string): Promise<number> {
  await page.goto('/login');
  const name = KAKAO.has(key) ? '카카오로 로그인' : 'Google로 로그인';
  const href = await page.getByRole('link', { name }).getAttribute('href');
  const url = new URL(href ?? '', baseURL);
  url.searchParams.set('login_hint', key);
  await page.goto(url.toString());
  await page.waitForURL(/\/main$/);
  return page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId as number);
}

/** A fresh browser context signed in as a demo user through the demo provider. */
export async function signIn(
  browser: Browser,
  baseURL: string,
  key: string,
  options: SignInOptions = {},
): Promise<Member> {
  const { width = 1280, height = 900, bypassCSP = false } = options;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    locale: 'ko-KR',
    reducedMotion: 'reduce',
    bypassCSP,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error (${key}):`, error.stack));
  const userId = await signInOn(page, baseURL, key);
  return { context, page, userId };
}
