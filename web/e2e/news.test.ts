// @vitest-environment node
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/sign-in';
import { waitForTitle } from './support/title';

// News end to end: home top 10, news list (region, Korean search, paging), article, like, bookmark, user page.
const shots = path.join(os.tmpdir(), 'toron-news-shots');
const SHORT_TERM = '선거';
const LONG_TERM = '인공지능';

let server: RunningServer;
let browser: Browser;
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
let userId = 0;

describe('news in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
    // A seeded member signs in once through the demo provider; every test reuses the session.
    const { context, page } = await open();
    await page.goto('/login');
    const href = await page.getByRole('link', { name: 'Google로 로그인' }).getAttribute('href');
    const authorize = new URL(href ?? '', server.url);
    authorize.searchParams.set('login_hint', 'minji');
    await page.goto(authorize.toString());
    await page.waitForURL(/\/main$/);
    userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId as number,
    );
    signedIn = await context.storageState();
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height },
      storageState: signedIn,
      reducedMotion: 'reduce',
    });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.stack));
    return { context, page };
  }
  const expectClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
  const shoot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const listItems = (page: Page) => page.getByRole('list', { name: '뉴스 목록' }).getByRole('listitem');
  /** Loads every picture, lazy ones included, so screenshots and contrast checks see the finished page. */
  const settleImages = async (page: Page) => {
    await page.evaluate(() =>
      document.querySelectorAll('img').forEach((img) => {
        img.loading = 'eager';
      }),
    );
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  };
  const listAnswer = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/news' && r.ok());

  it('the landing page loads no news code', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /News|HomePage|news-api/.test(url))).toEqual([]);
    await context.close();
  });

  it('home shows the date, the Focus top 10 and a debate tab, and leads to the list', async () => {
    const { context, page } = await open();
    await page.goto('/main');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(
      /^\d{4}년 \d{1,2}월 \d{1,2}일 [월화수목금토일]요일$/,
    );
    await page.getByRole('heading', { name: 'Focus' }).waitFor();
    await waitForTitle(page, '홈');
    const top = page.getByRole('list', { name: '뉴스 TOP 10' }).locator(':scope > li');
    await top.nth(9).waitFor();
    expect(await top.count()).toBe(10);
    await settleImages(page);
    await expectClean(page);
    await shoot(page, 'main-1280');

    await page.getByRole('tab', { name: '토론 TOP 10' }).click();
    await page.getByRole('tabpanel', { name: '토론 TOP 10' }).waitFor();
    await page.getByRole('tab', { name: '뉴스 TOP 10' }).click();

    const firstTitle = (await top.first().getByRole('heading').textContent()) ?? '';
    await top.first().getByRole('link').click();
    await page.waitForURL(/\/news\/\d+$/);
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();
    // The tab names the article; back home it names the screen again.
    await waitForTitle(page, firstTitle);
    await page.goBack();
    await waitForTitle(page, '홈');
    await page.getByRole('link', { name: '뉴스 더보기' }).click();
    await page.waitForURL(/\/news\?continent=all$/);
    await context.close();
  }, 120_000);

  it('the list filters by region, searches in Korean, pages with 더보기 and scrolls back up', async () => {
    const { context, page } = await open();
    await page.goto('/news?continent=all');
    await listItems(page).nth(11).waitFor();
    expect(await listItems(page).count()).toBe(12);
    const more = page.getByRole('button', { name: '더보기' });
    let answer = listAnswer(page);
    await more.click();
    const second = new URL((await answer).url());
    expect(second.searchParams.get('continent')).toBeNull();
    expect(Number(second.searchParams.get('cursor'))).toBeGreaterThan(0);
    await listItems(page).nth(23).waitFor();
    await settleImages(page);
    await expectClean(page);
    await shoot(page, 'news-1280');

    // Scroll-to-top appears after 200 px.
    // (A hidden button is aria-hidden, so it has no role to find.)
    const toTop = page.getByRole('button', { name: '맨 위로' });
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForFunction(
      () => document.querySelector('button[aria-label="맨 위로"]')?.getAttribute('aria-hidden') === 'true',
    );
    expect(await toTop.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await toTop.waitFor();
    await toTop.click();
    await page.waitForFunction(() => window.scrollY === 0);

    // Region: the list starts over with only that region.
    answer = listAnswer(page);
    await page.getByRole('navigation', { name: '뉴스 지역' }).getByRole('link', { name: '일본' }).click();
    await page.waitForURL(/continent=JP/);
    const regional = (await (await answer).json()) as { data: { content: Array<{ continentType: string }> } };
    expect(new URL((await answer).url()).searchParams.get('continent')).toBe('JP');
    expect(regional.data.content.every((n) => n.continentType === 'JP')).toBe(true);
    await page.getByRole('heading', { name: '일본 뉴스' }).waitFor();
    await waitForTitle(page, '일본 뉴스');
    expect(await listItems(page).count()).toBe(regional.data.content.length);

    // Back to all regions, then a two-character search on Enter: every hit mentions it; paging reaches the end.
    await page.getByRole('navigation', { name: '뉴스 지역' }).getByRole('link', { name: '전체보기' }).click();
    await page.getByRole('heading', { name: '전체 뉴스' }).waitFor();
    const box = page.getByRole('searchbox', { name: '뉴스 검색' });
    expect(await box.getAttribute('placeholder')).toBe('검색...');
    await box.fill(SHORT_TERM);
    await box.press('Enter');
    await page.waitForURL(new RegExp(`q=${encodeURIComponent(SHORT_TERM)}`));
    await waitForTitle(page, `‘${SHORT_TERM}’ 검색 · 전체 뉴스`);
    await page.getByText('검색 결과', { exact: false }).first().waitFor();
    await listItems(page).nth(11).waitFor();
    await page.getByRole('button', { name: '더보기' }).click();
    await listItems(page).nth(12).waitFor();
    await page.getByRole('button', { name: '더보기' }).waitFor({ state: 'detached' });
    for (const text of await listItems(page).allTextContents()) expect(text).toContain(SHORT_TERM);

    // A longer term through the search icon.
    await box.fill(LONG_TERM);
    await page.getByRole('search').getByRole('button', { name: '검색' }).click();
    await page.waitForURL(new RegExp(`q=${encodeURIComponent(LONG_TERM)}`));
    await page.waitForFunction((term) => {
      const items = Array.from(document.querySelectorAll('ul[aria-label="뉴스 목록"] > li'));
      return items.length > 0 && items.every((li) => li.textContent?.includes(term));
    }, LONG_TERM);

    await box.fill('없는검색어입니다');
    await box.press('Enter');
    await page.getByText('검색 결과가 없습니다').waitFor();
    await context.close();
  }, 120_000);

  it('an article opens in the frame; like and bookmark toggle and show on the user page', async () => {
    const { context, page } = await open();
    await page.goto('/news?continent=EU');
    const first = listItems(page).first();
    await first.waitFor();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link').click();
    await page.waitForURL(/\/news\/\d+$/);
    const newsId = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('기사를 불러오는 중입니다').waitFor();
    const frame = page.getByTitle(`기사 본문: ${title}`);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 8000 });
    await frame.waitFor({ state: 'visible', timeout: 2000 });
    await page.frameLocator('iframe').getByRole('heading', { name: title }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: '뉴스 지역' })
        .getByRole('link', { name: '유럽' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await page.getByRole('link', { name: '토론방 개설' }).getAttribute('href')).toBe(
      `/debate-zone/new-debate?id=${newsId}`,
    );

    const like = page.getByRole('button', { name: /^좋아요/ });
    const bookmark = page.getByRole('button', { name: /^저장/ });
    const count = async (button: typeof like) => Number((await button.textContent())?.replace(/\D/g, ''));
    const likes = await count(like);
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    const sent = page.waitForRequest((r) => r.url().includes(`/api/news/${newsId}/like`));
    await like.click();
    expect(new URL((await sent).url()).searchParams.get('userId')).toBe(String(userId));
    await page.waitForFunction(() =>
      document.querySelector('button[aria-pressed="true"]')?.textContent?.startsWith('좋아요'),
    );
    expect(await count(like)).toBe(likes + 1);
    await bookmark.click();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('button[aria-pressed="true"]')).some((b) =>
        b.textContent?.startsWith('저장'),
      ),
    );
    await expectClean(page);
    await shoot(page, 'detail-1280');

    // The state is the server's: it survives a reload.
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('button[aria-pressed="true"]').length === 2);

    await page.getByRole('link', { name: '내 프로필' }).click();
    await page.waitForURL(new RegExp(`/user-page/${userId}$`));
    await page.getByRole('list', { name: '저장한 뉴스' }).getByText(title).waitFor();
    await page.getByRole('button', { name: '좋아요한 뉴스' }).click();
    await page.getByRole('list', { name: '좋아요한 뉴스' }).getByText(title).waitFor();

    // Taking the like back: the detail drops it again.
    await page.goto(`/news/${newsId}`);
    await page.waitForFunction(() => document.querySelectorAll('button[aria-pressed="true"]').length === 2);
    await like.click();
    await page.waitForFunction(() => document.querySelectorAll('button[aria-pressed="true"]').length === 1);
    expect(await count(like)).toBe(likes);
    await context.close();
  }, 120_000);

  it("other members see the owner's saved news until the owner makes the lists private", async () => {
    const { context, page } = await open();
    await page.goto('/news?continent=AS');
    const first = listItems(page).first();
    await first.waitFor();
    const title = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('link').click();
    await page.waitForURL(/\/news\/\d+$/);
    const bookmark = page.getByRole('button', { name: /^저장/ });
    await bookmark.waitFor();
    if ((await bookmark.getAttribute('aria-pressed')) !== 'true') await bookmark.click();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('button[aria-pressed="true"]')).some((b) =>
        b.textContent?.startsWith('저장'),
      ),
    );

    const other = await signIn(browser, server.url, 'seoyeon');
    await other.page.goto(`/user-page/${userId}`);
    await other.page.getByRole('list', { name: '저장한 뉴스' }).getByText(title).waitFor();

    const setPrivate = async (on: boolean) => {
      await page.goto('/profile-update');
      const setting = page.getByRole('checkbox', { name: '저장한 뉴스와 좋아요한 뉴스 비공개' });
      await setting.waitFor();
      await setting.setChecked(on);
      if (on) await expectClean(page);
      await page.getByRole('button', { name: '저장', exact: true }).click();
      await page.waitForURL(new RegExp(`/user-page/${userId}$`));
    };
    await setPrivate(true);
    // The owner still sees the lists, with a word that others do not.
    await page.getByText('비공개로 설정했어요. 다른 회원에게는 보이지 않습니다.').waitFor();
    await page.getByRole('list', { name: '저장한 뉴스' }).getByText(title).waitFor();

    await other.page.reload();
    await other.page.getByText('비공개로 설정된 목록입니다', { exact: true }).waitFor();
    expect(await other.page.getByRole('list', { name: '저장한 뉴스' }).count()).toBe(0);
    await expectClean(other.page);

    await setPrivate(false);
    await other.page.reload();
    await other.page.getByRole('list', { name: '저장한 뉴스' }).getByText(title).waitFor();
    await other.context.close();
    await context.close();
  }, 120_000);

  it('pages fit a 375 px phone; a foreign link gets the fallback card, an unknown article a way back', async () => {
    const { context, page } = await open(375, 812);
    await page.goto('/main');
    await page.getByRole('list', { name: '뉴스 TOP 10' }).locator(':scope > li').nth(9).waitFor();
    await settleImages(page);
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    await shoot(page, 'main-375');

    await page.goto('/news?continent=KR');
    await listItems(page).first().waitFor();
    await settleImages(page);
    expect(await noSideScroll()).toBe(true);
    await expectClean(page);
    await shoot(page, 'news-375');

    await listItems(page).first().getByRole('link').click();
    await page.waitForURL(/\/news\/\d+$/);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 8000 });
    expect(await noSideScroll()).toBe(true);
    await expectClean(page);
    await shoot(page, 'detail-375');

    // A link on another site (which usually refuses framing) gets the card with a new-tab link instead.
    const elsewhere = 'https://news.example.org/articles/1';
    await page.route(/\/api\/news\/\d+\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { link: string } };
      body.data.link = elsewhere;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByRole('heading', { name: '기사를 이 화면에서 바로 볼 수 없어요' }).waitFor();
    const original = page.getByRole('link', { name: /원문 보기/ });
    expect(await original.getAttribute('href')).toBe(elsewhere);
    expect(await original.getAttribute('target')).toBe('_blank');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.unrouteAll();

    // No such article: the server's words and the way back, nothing to try again.
    await page.goto('/news/999999');
    await page.getByText('존재하지 않는 뉴스입니다.').waitFor();
    await page.getByRole('link', { name: '뉴스 목록으로' }).waitFor();
    expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
