// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createRoom, enterFromList } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';
import { signIn, signInOn } from './support/sign-in';

// Share buttons (docs/sharing.md): the link copied with a toast on a computer, the system's share
// sheet on a phone (navigator.share is the browser's API: the phone's page gets a stand-in that
// records what it was given), and the installable app's manifest as Chromium reads it.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-sharing-shots');
// The demo data's recorded 1:1 room that ended by its vote.
const FINISHED = '6a1f0c3e-8d2b-4f5a-9c71-0e4b2d6f8a13';
const FINISHED_TITLE = '기본소득 도입, 찬성하시나요?';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const shareButton = (page: Page) => page.getByRole('button', { name: '공유', exact: true }).first();
const toast = (page: Page, text: string) => page.getByRole('status').getByText(text);
const shoot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}-${page.viewportSize()?.width}.png`) });

/** A phone: touch, no hover, 375 px wide, with a recording stand-in for the share sheet. */
async function phone(key: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'ko-KR',
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  context.setDefaultTimeout(15_000);
  await context.addInitScript(() => {
    const shared: ShareData[] = [];
    let refuseNext = false;
    Object.assign(window, { sharedData: shared, cancelNextShare: () => (refuseNext = true) });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        if (refuseNext) {
          refuseNext = false;
          throw new DOMException('공유 취소', 'AbortError');
        }
        shared.push(data);
      },
    });
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error (${key}):`, error.stack));
  await signInOn(page, server.url, key);
  return page;
}

const sharedOn = (page: Page) => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData);

describe('share buttons', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
    await server?.stop();
    console.info(`sharing screenshots in ${shots}`);
  });

  it('on a computer: the archive, a news item and a member page copy their link, and a toast says so', async () => {
    const member = await signIn(browser, server.url, 'seoyeon');
    contexts.push(member.context);
    const { page, context } = member;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const copied = () => page.evaluate(() => navigator.clipboard.readText());

    await page.goto(`/archived-room/${FINISHED}`);
    await page.getByRole('heading', { level: 1, name: FINISHED_TITLE }).waitFor();
    await shareButton(page).click();
    await toast(page, '링크를 복사했어요').waitFor();
    expect(await copied()).toBe(`${server.url}/archived-room/${FINISHED}`);
    await shoot(page, 'archive');

    await page.goto('/news');
    const first = page.locator('ul[aria-label="뉴스 목록"] > li').first();
    await first.getByRole('link').click();
    await page.waitForURL(/\/news\/\d+$/);
    const newsUrl = page.url();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await shareButton(page).click();
    await toast(page, '링크를 복사했어요').last().waitFor();
    expect(await copied()).toBe(newsUrl);
    await shoot(page, 'news');

    await page.goto(`/user-page/${member.userId}`);
    await page.getByRole('heading', { name: '박서연' }).waitFor();
    await shareButton(page).click();
    await page.waitForFunction(
      (url) => navigator.clipboard.readText().then((t) => t === url),
      `${server.url}/user-page/${member.userId}`,
    );
    await shoot(page, 'user-page');

    const title = '공유 버튼 넓은 화면';
    await createRoom(page, title);
    await enterFromList(page, title, '찬성');
    await page.getByRole('heading', { name: title }).waitFor();
    await shoot(page, 'waiting-room');
  }, 120_000);

  it('on a phone: the share sheet gets the page’s title, text and link; closing it is no failure', async () => {
    const page = await phone('junho');
    expect(await page.evaluate(() => matchMedia('(pointer: coarse) and (hover: none)').matches)).toBe(true);

    await page.goto(`/archived-room/${FINISHED}`);
    await page.getByRole('heading', { level: 1, name: FINISHED_TITLE }).waitFor();
    await shoot(page, 'archive');
    await shareButton(page).click();
    await toast(page, '링크를 공유했어요').waitFor();
    expect(await sharedOn(page)).toEqual([
      {
        title: FINISHED_TITLE,
        text: `토론(Toron)의 지난 토론: ${FINISHED_TITLE}`,
        url: `${server.url}/archived-room/${FINISHED}`,
      },
    ]);

    // Closing the sheet: nothing recorded, nothing copied, no toast.
    await page.getByRole('status').getByText('링크를 공유했어요').waitFor({ state: 'detached', timeout: 10_000 });
    await page.evaluate(() => (window as unknown as { cancelNextShare: () => void }).cancelNextShare());
    await shareButton(page).click();
    await expect.poll(() => shareButton(page).isEnabled()).toBe(true);
    expect(await page.getByRole('status').innerText()).toBe('');
    expect(await sharedOn(page)).toHaveLength(1);

    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId as number,
    );
    await page.goto(`/user-page/${userId}`);
    await page.getByRole('heading', { name: '이준호' }).waitFor();
    await shoot(page, 'user-page');
    // Someone else's page: follow, report and share side by side.
    const other = await page.evaluate(async (me) => {
      const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
      const res = await fetch('/api/users/followers', { headers: { Authorization: `Bearer ${token}` } });
      const ranked = ((await res.json()) as { data: { userId: number; nickname: string }[] }).data;
      return ranked.find((d) => d.userId !== me)!;
    }, userId);
    await page.goto(`/user-page/${other.userId}`);
    await page.getByRole('heading', { name: other.nickname }).waitFor();
    await shoot(page, 'other-user-page');
    await page.goto('/news');
    await page.locator('ul[aria-label="뉴스 목록"] > li').first().getByRole('link').click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shoot(page, 'news');

    // A room still recruiting is shared as its observer's seat.
    const title = '공유 버튼 대기실';
    const roomId = await createRoom(page, title);
    await enterFromList(page, title, '찬성');
    await page.getByRole('heading', { name: title }).waitFor();
    await shoot(page, 'waiting-room');
    await shareButton(page).click();
    await toast(page, '링크를 공유했어요').waitFor();
    expect((await sharedOn(page)).at(-1)).toEqual({
      title,
      text: `토론(Toron)에서 실시간 토론 중이에요: ${title}`,
      url: `${server.url}/observing-zone/${roomId}`,
    });
  }, 120_000);

  it('a shared page’s shell carries its card; the manifest is served and Chromium reads it cleanly', async () => {
    const html = await (await fetch(`${server.url}/archived-room/${FINISHED}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${FINISHED_TITLE}" />`);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    const served = await fetch(`${server.url}/manifest.webmanifest`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^application\/manifest\+json/);

    const page = await phone('doyun');
    await page.goto('/main');
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({ short_name: '토론', lang: 'ko' });
    // Installable: Chromium's own check finds nothing wrong but the test's incognito profile.
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    // Every icon the manifest names loads as the image it says it is.
    for (const icon of JSON.parse(manifest.data ?? '{}').icons as { src: string; type: string }[]) {
      const res = await fetch(new URL(icon.src, server.url));
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type')?.split(';')[0], icon.src).toBe(icon.type);
    }
  }, 120_000);
});
