// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { createRoom, enterFromList, signIn } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';

// Ratings end to end under DEBATE_TIME_SCALE 0.1: a 1:1 debate decided by an observer's vote shows
// each debater's rating change on the result screen; the profile shows the rating ("?" while
// provisional) with its history chart; the ranking says how it is ordered. Screenshots at 375/1280 px.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-e2e-shots');
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** The signed change ("+12", "−8", "±0") in an entry's text. */
function changeOf(text: string): number {
  const signed = /([+−])(\d+)/.exec(text);
  if (signed) return (signed[1] === '−' ? -1 : 1) * Number(signed[2]);
  if (text.includes('±0')) return 0;
  throw new Error(`no rating change in ${text}`);
}

async function expectClean(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('ratings in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer({ env: { DEBATE_TIME_SCALE: '0.1' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('shows each debater’s rating change on the result screen, then rating and chart on the profile', async () => {
    const pro = await signIn(browser, server.url, 'yuna', { width: 1280, height: 900 });
    const con = await signIn(browser, server.url, 'jiho', { width: 375, height: 812 });
    const viewer = await signIn(browser, server.url, 'haeun');
    contexts.push(pro.context, con.context, viewer.context);
    const title = '재택근무 의무화';
    await createRoom(pro.page, title);
    await enterFromList(viewer.page, title, '참관');
    await enterFromList(pro.page, title, '찬성');
    await enterFromList(con.page, title, '반대');

    await viewer.page.getByRole('button', { name: '찬성에 투표' }).click({ timeout: 60_000 });
    for (const page of [pro.page, con.page]) await page.getByText('VOTE RESULT').waitFor({ timeout: 30_000 });

    // Both debaters see both changes: the winner's up, the loser's down, their own row marked.
    const changes = (page: Page) => page.getByTestId('rating-changes').getByRole('listitem');
    await changes(pro.page).first().waitFor();
    const rows = await changes(pro.page).allTextContents();
    expect(rows).toHaveLength(2);
    const [proRow, conRow] = rows as [string, string];
    expect(proRow).toContain('윤유나');
    expect(proRow).toContain('(나)');
    expect(conRow).toContain('강지호');
    expect(changeOf(proRow)).toBeGreaterThan(0);
    expect(changeOf(conRow)).toBeLessThan(0);
    expect(await changes(con.page).allTextContents()).toHaveLength(2);
    await expectClean(pro.page);
    await pro.page.screenshot({ path: path.join(shots, 'result-rating-1280.png'), fullPage: true });
    await con.page.screenshot({ path: path.join(shots, 'result-rating-375.png'), fullPage: true });

    // 윤유나's profile: two rated debates, still provisional ("?"), the chart and its list.
    await pro.page.goto(`/user-page/${pro.userId}`);
    const card = pro.page.getByRole('region', { name: '레이팅' });
    await card.getByText('잠정', { exact: true }).waitFor();
    expect(await card.getByTitle('잠정 레이팅').textContent()).toMatch(/^\d{4}\? \(잠정\)$/);
    const chart = card.getByRole('img', { name: /^레이팅 기록: 최근 토론 2번 동안 1500에서 \d{4}까지$/ });
    await chart.waitFor();
    expect(await chart.locator('circle').count()).toBe(3);
    await card.getByText('기록 보기').click();
    await card.getByRole('listitem').filter({ hasText: title }).waitFor();
    await expectClean(pro.page);
    await pro.page.screenshot({ path: path.join(shots, 'profile-rating-1280.png'), fullPage: true });

    // The debate tab lists this debate with the change.
    await pro.page.getByRole('tab', { name: '토론방' }).click();
    const row = pro.page.getByRole('link', { name: new RegExp(title) });
    expect(changeOf((await row.textContent()) ?? '')).toBe(changeOf(proRow));

    await con.page.goto(`/user-page/${con.userId}`);
    await con.page.getByRole('region', { name: '레이팅' }).getByRole('img').waitFor();
    await con.page.screenshot({ path: path.join(shots, 'profile-rating-375.png'), fullPage: true });
  }, 150_000);

  it('ranks established ratings only, each entry with its rating, and says how the order is made', async () => {
    const member = await signIn(browser, server.url, 'seoyeon', { width: 1280, height: 900 });
    contexts.push(member.context);
    const { page } = member;
    await page.goto('/debaters');
    await page.getByRole('heading', { name: 'TOP 3 토론자' }).waitFor({ timeout: 30_000 });
    await page.getByText('결과가 난 토론(무승부 포함)으로 매긴 레이팅이 높은 순서예요.').waitFor();
    const entries = page.getByRole('link', { name: /레이팅/ });
    expect(await entries.count()).toBe(5);
    // Provisional members (윤유나, 강지호) are not ranked.
    expect(await page.getByText('윤유나').count()).toBe(0);
    await page.getByText('랭킹은 이렇게 정해져요').click();
    await page.getByText(/레이팅 편차 160 미만/).waitFor();
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'debaters-rating-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: path.join(shots, 'debaters-rating-375.png'), fullPage: true });
  }, 60_000);
});
