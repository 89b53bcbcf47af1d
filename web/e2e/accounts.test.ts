// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Accounts end to end: demo sign-in, sign-up, profile edit with an image, follow, logout, guards, axe.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const suffix = Math.random().toString(36).slice(2, 7);

let server: RunningServer;
let browser: Browser;

describe('accounts in the browser', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const open = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.stack));
    return { context, page };
  };
  const expectClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
  const stored = (page: Page, key: string) =>
    page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null')?.state ?? null, key);

  /** Goes through the login screen to the demo provider, signing in under `hint` (a new key or a demo user's key). */
  async function signInThroughDemo(page: Page, hint: string | null) {
    await page.goto('/login');
    const button = page.getByRole('link', { name: 'Google로 로그인' });
    const href = await button.getAttribute('href');
    expect(href).toContain('/demo-oauth/google/authorize');
    if (hint === null) {
      await button.click();
      return;
    }
    const url = new URL(href ?? '', server.url);
    url.searchParams.set('login_hint', hint);
    await page.goto(url.toString());
  }

  it('guards send anonymous visitors away and show the not-found page on unknown paths', async () => {
    const { context, page } = await open();
    // To the landing page, carrying a member page along (to come back to it after signing in).
    for (const path of ['/main', '/user-page/1', '/profile-update', '/admin']) {
      await page.goto(path);
      await page.waitForURL(`${server.url}/?next=${encodeURIComponent(path)}`);
    }
    await page.goto('/signup/1');
    await page.waitForURL(`${server.url}/`);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '잘못된 경로로 들어왔습니다' }).waitFor();
    expect(await page.getByRole('banner').count()).toBe(0);
    await context.close();
  });

  it('a new user signs in, signs up, edits the profile, follows a demo user and logs out', async () => {
    // A seeded demo user to follow: sign in as the first user listed on the demo provider's page.
    const other = await open();
    await signInThroughDemo(other.page, null);
    await other.page.locator('li a').first().click();
    await other.page.waitForURL(/\/main$/);
    const demoUser = (await stored(other.page, 'user-store')) as { userId: number; nickname: string };
    expect(demoUser.userId).toBeGreaterThan(0);
    await other.context.close();

    const { context, page } = await open();
    await page.goto('/');
    await expectClean(page);
    await page.getByRole('banner').getByRole('link', { name: '로그인' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByRole('link', { name: 'Google로 로그인' }).waitFor();
    await expectClean(page);

    await signInThroughDemo(page, `e2e-${suffix}`);
    await page.waitForURL(/\/signup\/\d+$/);
    const userId = Number(new URL(page.url()).pathname.split('/').pop());
    await expectClean(page);

    const nickname = `새내기${suffix}`.slice(0, 10);
    await page.getByLabel('닉네임').fill(nickname);
    await page.getByRole('img', { name: '사용 가능한 닉네임' }).waitFor();
    expect(await page.getByRole('button', { name: '완료' }).count()).toBe(0);
    await page.getByLabel('한 줄 소개').fill('반갑습니다');
    await page.getByRole('button', { name: '완료' }).click();
    await page.getByText('회원가입을 완료하시겠습니까?').waitFor();
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/main$/);
    expect(await stored(page, 'auth-store')).toMatchObject({ isNewUser: false });

    // Guest-only pages now send the member home.
    await page.goto('/login');
    await page.waitForURL(/\/main$/);

    await page.getByRole('link', { name: '내 프로필' }).click();
    await page.waitForURL(new RegExp(`/user-page/${userId}$`));
    await page.getByRole('heading', { name: nickname }).waitFor();
    await page.getByText('반갑습니다').waitFor();
    await expectClean(page);

    await page.getByRole('link', { name: '프로필 수정' }).click();
    await page.waitForURL(/\/profile-update$/);
    await page.getByLabel('한 줄 소개').waitFor();
    await expectClean(page);
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: '새 프로필 이미지 미리보기' }).waitFor();
    await page.getByLabel('한 줄 소개').fill('이미지도 바꿨어요');
    await page.getByRole('button', { name: '저장' }).click();
    await page.waitForURL(new RegExp(`/user-page/${userId}$`));
    await page.getByText('이미지도 바꿨어요').waitFor();
    const avatar = await page.getByRole('img', { name: `${nickname}님의 프로필 이미지` }).getAttribute('src');
    expect(avatar).toMatch(/\/uploads\/[0-9a-f]{32}\.webp$/);

    await page.goto(`/user-page/${demoUser.userId}`);
    await page.getByRole('heading', { name: demoUser.nickname }).waitFor();
    await page.getByRole('button', { name: '팔로우', exact: true }).click();
    await page.getByRole('button', { name: '팔로우 취소' }).waitFor();
    await expectClean(page);

    await page.goto(`/user-page/${userId}`);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByText('로그아웃 하시겠습니까?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await stored(page, 'auth-store')).toMatchObject({ accessToken: null, refreshToken: null });
    await page.goto('/main');
    await page.waitForURL(`${server.url}/?next=%2Fmain`);
    await context.close();
  }, 120_000);

  it('leaving a page while it loads the user info keeps the session; a failed answer still ends it', async () => {
    const { context, page } = await open();
    await signInThroughDemo(page, 'minji');
    await page.waitForURL(/\/main$/);
    // Every page start asks for the user info; hold that answer so the page is left while it is on its way.
    let held = 0;
    await page.route('**/api/users/userInfo', async (route) => {
      held++;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/main');
    await page.getByRole('tab', { name: '토론 TOP 10' }).waitFor();
    expect(held).toBeGreaterThanOrEqual(1); // the sign-in landing's own request may be held too
    await page.goto('/debate-rooms');
    await page.getByRole('heading', { name: '토론방 목록' }).waitFor();
    expect(page.url()).toBe(`${server.url}/debate-rooms`);
    expect(await stored(page, 'auth-store')).toMatchObject({ accessToken: expect.any(String) });

    // An answer that is a failure logs the member out (docs/product-rules.md#sign-in-and-session).
    await page.unroute('**/api/users/userInfo');
    await page.route('**/api/users/userInfo', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"status":"오류","message":"점검 중"}' }),
    );
    await page.goto('/main');
    await page.waitForURL(`${server.url}/?next=%2Fmain`);
    expect(await stored(page, 'auth-store')).toMatchObject({ accessToken: null });
    await context.close();
  }, 60_000);
});
