// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { callApi } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { consoleErrors } from './support/console';
import { createRoom } from './support/debate-room';
import { signIn, type Member } from './support/sign-in';

// Getting in and around: deep links survive the sign-in (and only to this app's own pages), one
// continent order, one way to say when, radio buttons in the report dialog, one not-found page,
// the server's words for a user or article that does not exist, whole news thumbnails, a room
// list whose first room shows without scrolling, and push that can be switched on from the panel.
// Screenshots at 375 and 1280 px for a human look, outside the repository.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-around-shots');
const CONTINENTS = ['한국', '중국', '일본', '유럽', '아시아/호주', '미국/중남미', '아프리카/중동'];
const ONE_DATE_FORMAT = /^(방금 전|\d+분 전|\d+시간 전|[1-6]일 전|\d{4}년 \d{1,2}월 \d{1,2}일)$/;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const member = async (key: string, width = 1280, height = 900): Promise<Member> => {
  const m = await signIn(browser, server.url, key, { width, height });
  contexts.push(m.context);
  return m;
};

/** A signed-out visitor; every address the app shows (history included) is recorded in `visited`. */
async function visitor(width = 1280, height = 900): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height },
    locale: 'ko-KR',
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  context.setDefaultTimeout(20_000);
  await context.addInitScript(() => {
    const note = () => {
      const seen = JSON.parse(sessionStorage.getItem('visited') ?? '[]') as string[];
      sessionStorage.setItem('visited', JSON.stringify([...seen, location.pathname + location.search]));
    };
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (...args: Parameters<History['pushState']>) => {
        original(...args);
        note();
      };
    }
    note();
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error.stack));
  return page;
}
const visited = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('visited') ?? '[]') as string[]);

/** From the login page, through the demo provider as `key`. */
async function throughProvider(page: Page, key: string): Promise<void> {
  const href = await page.getByRole('link', { name: 'Google로 로그인' }).getAttribute('href');
  const url = new URL(href ?? '', server.url);
  url.searchParams.set('login_hint', key);
  await page.goto(url.toString());
}

const shoot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(shots, `${name}-${page.viewportSize()?.width}.png`), fullPage });
const expectClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

/** The texts of every `<time>` inside `scope`. */
const times = (page: Page, scope: string) =>
  page.locator(`${scope} time`).evaluateAll((els) => els.map((el) => el.textContent?.trim() ?? ''));

describe('getting in and around', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    await browser?.close();
    await server?.stop();
    console.info(`getting-around screenshots in ${shots}`);
  });

  it('a deep link opened while signed out is where the member lands after signing in, never /main', async () => {
    const helper = await member('jiho');
    const finished = await callApi<{ content: Array<{ uuid: string }> }>(
      helper.page,
      'GET',
      '/api/debates/debateRoom/finished?q=&continent=&category=&member=&p=1&sort=recent',
    );
    const roomId = finished.data.content[0]!.uuid;
    const newsId = 3;

    const arrivals: Array<[string, (page: Page) => Promise<void>]> = [
      [`/archived-room/${roomId}`, (page) => page.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/debate-rooms', (page) => page.getByRole('heading', { name: '토론방 목록' }).waitFor()],
      [`/news/${newsId}`, (page) => page.locator('#news-title').waitFor()],
    ];
    for (const [deepLink, arrived] of arrivals) {
      const page = await visitor();
      await page.goto(deepLink);
      await page.waitForURL(`${server.url}/?next=${encodeURIComponent(deepLink)}`);
      if (deepLink === '/debate-rooms') await shoot(page, 'landing-with-next', false);
      await page.getByRole('banner').getByRole('link', { name: '로그인' }).click();
      await page.waitForURL(`${server.url}/login?next=${encodeURIComponent(deepLink)}`);
      await throughProvider(page, 'minji');
      await page.waitForURL(`${server.url}${deepLink}`);
      await arrived(page);
      expect(await visited(page)).not.toContain('/main');
    }

    // A new member signs up first, then arrives.
    const page = await visitor(375, 780);
    await page.goto('/debate-rooms');
    await page.waitForURL(/\/\?next=%2Fdebate-rooms$/);
    await page.getByRole('link', { name: '토론 시작하기' }).first().click();
    await throughProvider(page, `around-${Date.now().toString(36)}`);
    await page.waitForURL(/\/signup\/\d+\?next=%2Fdebate-rooms$/);
    await page.getByLabel('닉네임').fill(`길찾기${Date.now().toString(36).slice(-4)}`);
    await page.getByRole('img', { name: '사용 가능한 닉네임' }).waitFor();
    await page.getByLabel('한 줄 소개').fill('바로 토론방으로');
    await page.getByRole('button', { name: '완료' }).click();
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(`${server.url}/debate-rooms`);
    expect(await visited(page)).not.toContain('/main');

    // Another origin, or a page that is not a member's, is never a destination.
    for (const next of ['//evil.example/news/1', '/\\evil.example', 'https://evil.example/', '/login']) {
      const stranger = await visitor();
      await stranger.goto(`/login?next=${encodeURIComponent(next)}`);
      await throughProvider(stranger, 'minji');
      await stranger.waitForURL(`${server.url}/main`);
    }
  }, 180_000);

  it('a shared live room stays the destination of a new member through a reloaded or reopened sign-up', async () => {
    const host = await member('jiho');
    const title = '공유된 토론방으로';
    const roomLink = `/observing-zone/${await createRoom(host.page, title)}`;
    const signupCarrying = new RegExp(`/signup/\\d+\\?next=${encodeURIComponent(roomLink)}$`);
    const finishSignUp = async (page: Page) => {
      await page.getByLabel('닉네임').fill(`공유${Math.random().toString(36).slice(2, 6)}`);
      await page.getByRole('img', { name: '사용 가능한 닉네임' }).waitFor();
      await page.getByLabel('한 줄 소개').fill('링크 타고 왔어요');
      await page.getByRole('button', { name: '완료' }).click();
      await page.getByRole('button', { name: '확인' }).click();
      await page.waitForURL(`${server.url}${roomLink}`);
      await page.getByText(title).first().waitFor();
      expect(await visited(page)).not.toContain('/main');
    };

    // Signed out, the link leads to sign-in; the new member's sign-up page is reloaded (a phone that
    // dropped the tab while they chose a nickname) before it is finished.
    const reloading = await visitor(375, 780);
    await reloading.goto(roomLink);
    await reloading.waitForURL(`${server.url}/?next=${encodeURIComponent(roomLink)}`);
    await reloading.getByRole('banner').getByRole('link', { name: '로그인' }).click();
    await throughProvider(reloading, `shared-${Date.now().toString(36)}`);
    await reloading.waitForURL(signupCarrying);
    await reloading.reload();
    await finishSignUp(reloading);

    // A new member who left sign-up unfinished opens the shared link again: sign-up first, then the room.
    const returning = await visitor();
    await returning.goto('/login');
    await throughProvider(returning, `later-${Date.now().toString(36)}`);
    await returning.waitForURL(/\/signup\/\d+$/);
    await returning.goto(roomLink);
    await returning.waitForURL(signupCarrying);
    await finishSignUp(returning);
  }, 120_000);

  it('one continent order in the news sidebar, the room filters and room creation', async () => {
    const { page } = await member('seoyeon');
    await page.goto('/news?continent=all');
    const regions = page.getByRole('navigation', { name: '뉴스 지역' }).getByRole('link');
    await regions.first().waitFor();
    const sidebar = await regions.allTextContents();
    expect(sidebar).toEqual(['전체보기', ...CONTINENTS]);

    await page.goto('/debate-rooms');
    await page.getByRole('button', { name: '필터', exact: true }).click();
    const chips = page.getByRole('group', { name: '대륙' }).getByRole('button');
    await chips.first().waitFor();
    expect(await chips.allTextContents()).toEqual(CONTINENTS);

    await page.goto('/debate-zone/new-debate');
    const picker = page.getByRole('group', { name: '대륙' }).getByRole('button');
    await picker.first().waitFor();
    expect(await picker.allTextContents()).toEqual(CONTINENTS);
  });

  it('one way to say when: news, notifications and the admin list', async () => {
    const reader = await member('haeun');
    const follower = await member('doyun');
    const admin = await member('admin');

    await reader.page.goto('/news?continent=all');
    await reader.page.getByRole('list', { name: '뉴스 목록' }).getByRole('listitem').first().waitFor();
    const newsTimes = await times(reader.page, 'main');
    expect(newsTimes.length).toBeGreaterThan(0);
    for (const t of newsTimes) expect(t).toMatch(ONE_DATE_FORMAT);

    await reader.page.goto('/news/3');
    await reader.page.locator('#news-title').waitFor();
    for (const t of await times(reader.page, 'article header')) expect(t).toMatch(ONE_DATE_FORMAT);

    // A follow and a report, both made just now.
    await callApi(follower.page, 'POST', `/api/users/mypage/${reader.userId}/${follower.userId}/insertfollowers`);
    await follower.page.goto(`/user-page/${reader.userId}`);
    await follower.page.getByRole('button', { name: '정하은님 신고' }).click();
    const dialog = follower.page.getByRole('dialog', { name: '신고하기' });
    await dialog.getByRole('radio', { name: '도배' }).check();
    await dialog.getByRole('button', { name: '신고', exact: true }).click();
    await follower.page.getByText('신고가 접수되었습니다.', { exact: false }).waitFor();

    await reader.page.goto('/main');
    await reader.page.getByRole('button', { name: /^알림(,|$)/ }).click();
    const panel = reader.page.getByRole('dialog', { name: '알림' });
    await panel.getByRole('listitem').first().waitFor();
    expect(await times(reader.page, '[role="dialog"]')).toContain('방금 전');

    await admin.page.goto('/admin');
    const row = admin.page.getByRole('row').filter({ hasText: '정하은' });
    await row.waitFor();
    expect(await row.locator('time').textContent()).toBe('방금 전');
    expect(await row.locator('time').getAttribute('title')).toMatch(
      /^\d{4}년 \d{1,2}월 \d{1,2}일 오[전후] \d{1,2}:\d{2}$/,
    );
    for (const t of await times(admin.page, 'main')) expect(t).toMatch(ONE_DATE_FORMAT);
    await row.click();
    const check = admin.page.getByRole('dialog', { name: '신고 확인' });
    expect(await check.locator('time').textContent()).toBe('방금 전');
  }, 120_000);

  it('the report dialog chooses its one reason with radio buttons, at 1280 and 375 px', async () => {
    const other = await member('jiho');
    for (const width of [1280, 375]) {
      const { page } = await member('minji', width, width > 400 ? 900 : 780);
      await page.goto(`/user-page/${other.userId}`);
      await page.getByRole('button', { name: '강지호님 신고' }).click();
      const dialog = page.getByRole('dialog', { name: '신고하기' });
      const reasons = dialog.getByRole('group', { name: '신고 사유' });
      expect(await reasons.getByRole('radio').count()).toBe(6);
      expect(await reasons.getByRole('checkbox').count()).toBe(0);
      await reasons.getByRole('radio', { name: '욕설/인신공격' }).check();
      await reasons.getByRole('radio', { name: '스팸/광고' }).check();
      expect(await reasons.getByRole('radio', { name: '욕설/인신공격' }).isChecked()).toBe(false);
      await expectClean(page);
      await shoot(page, 'report-dialog', false);
    }
  }, 90_000);

  it('the not-found page is the same from /not-found and from an unknown path', async () => {
    for (const width of [1280, 375]) {
      const { page } = await member('jiho', width, width > 400 ? 900 : 780);
      const looks: string[] = [];
      for (const where of ['/not-found', '/no-such-page/at-all']) {
        await page.goto(where);
        await page.getByRole('heading', { name: '잘못된 경로로 들어왔습니다' }).waitFor();
        expect(await page.getByRole('banner').count(), where).toBe(0);
        expect(await page.getByRole('contentinfo').count(), where).toBe(0);
        looks.push((await page.locator('body').innerText()).replace(/\d+초/, 'N초'));
        await shoot(page, `not-found${where.replace(/\//g, '_')}`);
      }
      expect(looks[1]).toBe(looks[0]);
    }
  }, 60_000);

  it('a user or an article that does not exist shows the server’s words, not 다시 시도', async () => {
    for (const width of [1280, 375]) {
      const { page } = await member('seoyeon', width, width > 400 ? 900 : 780);
      await page.goto('/user-page/987654');
      await page.getByText('존재하지 않는 사용자입니다.').waitFor();
      expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
      expect(await page.getByRole('tablist').count()).toBe(0);
      await expectClean(page);
      await shoot(page, 'missing-user');
      await page.goto('/news/987654');
      await page.getByText('존재하지 않는 뉴스입니다.').waitFor();
      expect(await page.getByRole('button', { name: '다시 시도' }).count()).toBe(0);
      await shoot(page, 'missing-news');
    }
  }, 60_000);

  it('a room, an archive, an article or a user that does not exist logs no error to the console', async () => {
    const { page } = await member('minji');
    const errors = consoleErrors(page);
    const missingRoom = '0b6e1a52-7c3d-4e8f-9a1b-2c3d4e5f6a7b';
    for (const [where, shown] of [
      [`/observing-zone/${missingRoom}`, () => page.waitForURL(/\/not-found$/)],
      [`/debate-zone/${missingRoom}`, () => page.waitForURL(/\/not-found$/)],
      [`/archived-room/${missingRoom}`, () => page.waitForURL(/\/not-found$/)],
      ['/news/987654', () => page.getByText('존재하지 않는 뉴스입니다.').waitFor()],
      ['/user-page/987654', () => page.getByText('존재하지 않는 사용자입니다.').waitFor()],
      [
        '/debate-zone/new-debate?id=987654',
        () => page.getByText('뉴스 정보를 불러오지 못했어요.', { exact: false }).waitFor(),
      ],
    ] as const) {
      await page.goto(where);
      await shown();
      // The pages' own requests have all been answered by now.
      await page.waitForLoadState('networkidle');
      expect(errors, where).toEqual([]);
    }
  }, 60_000);

  it('news thumbnails show the whole picture, its printed label included (list rows and the phone home)', async () => {
    /** How much of each loaded thumbnail's picture is cut off by its box (0 = none). */
    const crops = (page: Page, scope: string) =>
      page.locator(`${scope} img`).evaluateAll((imgs) =>
        (imgs as HTMLImageElement[])
          .filter((img) => img.complete && img.naturalWidth > 0)
          .map((img) => {
            const box = img.getBoundingClientRect();
            const picture = img.naturalWidth / img.naturalHeight;
            const shown = box.width / box.height;
            return Math.abs(1 - Math.min(picture, shown) / Math.max(picture, shown));
          }),
      );
    const loadAll = (page: Page) =>
      page.evaluate(async () => {
        const imgs = [...document.querySelectorAll('img')];
        for (const img of imgs) img.loading = 'eager';
        await Promise.all(
          imgs.filter((img) => !img.complete).map((img) => new Promise((r) => (img.onload = img.onerror = r))),
        );
      });
    for (const [width, height] of [
      [1280, 900],
      [375, 780],
    ] as const) {
      const { page } = await member('junho', width, height);
      await page.goto('/news?continent=all');
      await page.getByRole('list', { name: '뉴스 목록' }).getByRole('listitem').first().waitFor();
      await loadAll(page);
      const rows = await crops(page, '[aria-label="뉴스 목록"]');
      expect(rows.length).toBeGreaterThan(3);
      for (const crop of rows) expect(crop).toBeLessThan(0.02);
      await shoot(page, 'news-list', false);

      await page.goto('/main');
      await page.getByRole('list', { name: '뉴스 TOP 10' }).waitFor();
      await loadAll(page);
      const grid = await crops(page, '[aria-label="뉴스 TOP 10"]');
      expect(grid.length).toBeGreaterThan(3);
      for (const crop of grid) expect(crop).toBeLessThan(0.02);
      await shoot(page, 'home-news');
    }
  }, 90_000);

  it('the room list shows a room unscrolled at 1280×800; filters fold to a line (a sheet on phones)', async () => {
    const wide = await member('minji', 1280, 800);
    const page = wide.page;
    for (const title of ['기본소득 도입해야 할까', '주 4일제 도입', '원자력 발전 확대']) await createRoom(page, title);
    await page.goto('/debate-rooms');
    const first = page.getByRole('list', { name: '참여 가능한 토론방' }).getByRole('listitem').first();
    await first.waitFor();
    const card = (await first.boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual(800);
    // Closed: the 필터 button and the sorts share one line; no chips on the page.
    const toggle = page.getByRole('button', { name: '필터', exact: true });
    const sorts = page.getByRole('group', { name: '정렬' });
    expect(Math.abs((await toggle.boundingBox())!.y - (await sorts.boundingBox())!.y)).toBeLessThan(8);
    expect(await page.getByRole('group', { name: '대륙' }).count()).toBe(0);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await expectClean(page);
    await shoot(page, 'rooms-closed', false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('region', { name: '토론방 필터' }).getByRole('group', { name: '대륙' }).waitFor();
    await expectClean(page);
    await shoot(page, 'rooms-open', false);
    await toggle.click();
    expect(await page.getByRole('group', { name: '대륙' }).count()).toBe(0);
    // The finished view adds its search to the same line.
    await page.getByRole('tab', { name: '종료' }).click();
    const search = page.getByRole('search');
    await search.waitFor();
    expect(Math.abs((await toggle.boundingBox())!.y - (await search.boundingBox())!.y)).toBeLessThan(8);
    await page.getByRole('list', { name: '종료된 토론방' }).getByRole('listitem').first().waitFor();
    await shoot(page, 'rooms-finished', false);

    const phone = (await member('junho', 375, 780)).page;
    await phone.goto('/debate-rooms');
    await phone.getByRole('list', { name: '참여 가능한 토론방' }).getByRole('listitem').first().waitFor();
    await shoot(phone, 'rooms-closed', false);
    const phoneToggle = phone.getByRole('button', { name: '필터', exact: true });
    await phoneToggle.click();
    const sheet = phone.getByRole('dialog', { name: '필터' });
    await sheet.getByRole('group', { name: '대륙' }).waitFor();
    await phone.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(780);
    expect(box.width).toBe(375);
    await sheet.getByRole('group', { name: '카테고리' }).getByRole('button', { name: '경제' }).click();
    await expectClean(phone);
    await shoot(phone, 'rooms-sheet', false);
    await sheet.getByRole('button', { name: '결과 보기' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await phone.getByRole('button', { name: /^필터 적용됨 1/ }).count()).toBe(1);
    await phone.getByRole('button', { name: /^필터/ }).first().click();
    await phone.getByRole('dialog', { name: '필터' }).waitFor();
    await phone.keyboard.press('Escape');
    await phone.getByRole('dialog', { name: '필터' }).waitFor({ state: 'detached' });
    expect(await phone.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^필터/);
  }, 90_000);

  it('the notification panel offers 알림 켜기 while push is not granted, the browser steps once blocked', async () => {
    for (const [width, height] of [
      [1280, 900],
      [375, 780],
    ] as const) {
      const { context, page } = await member('yuna', width, height);
      // Headless Chromium refuses the prompt made at sign-in; start again from "not asked yet".
      await context.clearPermissions();
      const bell = page.getByRole('button', { name: /^알림(,|$)/ });
      await bell.click();
      const panel = page.getByRole('dialog', { name: '알림' });
      const enable = panel.getByRole('button', { name: '알림 켜기' });
      await enable.waitFor();
      expect(await panel.getByRole('heading', { name: '브라우저별 알림 권한 재설정 방법' }).count()).toBe(0);
      await expectClean(page);
      await shoot(page, 'panel-push-off', false);

      // The button asks the browser and registers this browser for push (the server's key is fetched).
      await context.grantPermissions(['notifications']);
      const keyAsked = page.waitForRequest((r) => r.url().includes('/api/notifications/vapidPublicKey'));
      await enable.click();
      await keyAsked;
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');

      // Blocked in the browser: only the browser's settings can undo it, so the steps are shown.
      await bell.click();
      await panel.waitFor({ state: 'detached' });
      const cdp = await context.newCDPSession(page);
      const { targetInfo } = await cdp.send('Target.getTargetInfo');
      await cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting: 'denied',
        origin: server.url,
        browserContextId: targetInfo.browserContextId,
      });
      await bell.click();
      await panel.getByRole('heading', { name: '브라우저별 알림 권한 재설정 방법' }).waitFor();
      expect(await panel.getByRole('button', { name: '알림 켜기' }).count()).toBe(0);
      await shoot(page, 'panel-push-blocked', false);
    }
  }, 90_000);
});
