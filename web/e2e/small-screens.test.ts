// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi } from './support/api';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn, type Member } from './support/sign-in';

// The reading and member screens on phones (360 and 375 px wide): nothing a member reads is cut or broken.
let server: RunningServer;
let browser: Browser;
const members: Member[] = [];

/**
 * The ranking's labelled figures (레이팅 1637, 설득력 +40%p) that do not sit on one line: their
 * text, where the label or the number broke or the number went under its label.
 */
function brokenFigures(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('main a[href^="/user-page/"] p'))
      .filter((p) => /^(레이팅|설득력)/.test(p.textContent ?? ''))
      .filter((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
        return Math.max(...rects.map((r) => r.top)) >= Math.min(...rects.map((r) => r.bottom));
      })
      .map((p) => p.textContent ?? ''),
  );
}

/** The controls inside `scope` smaller than a 44 px touch target (docs: design.md#layout), with their size. */
function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const controls = document.querySelectorAll(`${selector} :is(a, button, summary, input, select, textarea)`);
    return Array.from(controls)
      .map((control) => ({ control, box: control.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
      .map(({ control, box }) => `${control.textContent?.trim()} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }, scope);
}

describe('small screens', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const { context } of members) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it.each([360, 375])(
    'the ranking keeps each rating on one line at %i px',
    async (width) => {
      const signedIn = await signIn(browser, server.url, 'minji', { width, height: 800 });
      members.push(signedIn);
      const { page } = signedIn;
      await page.goto('/debaters');
      await page.getByRole('heading', { name: '전체 랭킹' }).waitFor({ timeout: 30_000 });
      const figures = page.locator('main p', { hasText: /^레이팅/ });
      await expect.poll(() => figures.count()).toBe(5);
      expect(await brokenFigures(page)).toEqual([]);
    },
    90_000,
  );

  it('the profile, the ranking and the notification panel give every control a 44 px target at 375 px', async () => {
    const follower = await signIn(browser, server.url, 'yuna', { width: 375, height: 800 });
    const reader = await signIn(browser, server.url, 'minji', { width: 375, height: 800 });
    members.push(follower, reader);
    const { page } = reader;
    await callApi(follower.page, 'POST', `/api/users/mypage/${reader.userId}/${follower.userId}/insertfollowers`);

    await page.goto(`/user-page/${reader.userId}`);
    await page.getByText('기록 보기').waitFor({ timeout: 30_000 });
    await page.getByRole('group', { name: '뉴스 종류' }).waitFor();
    expect(await smallTargets(page, 'main')).toEqual([]);
    await page.getByRole('tab', { name: '팔로우' }).click();
    await page.getByRole('group', { name: '팔로우 종류' }).waitFor();
    expect(await smallTargets(page, 'main')).toEqual([]);

    await page.goto('/debaters');
    await page.getByText('랭킹은 이렇게 정해져요').waitFor({ timeout: 30_000 });
    expect(await smallTargets(page, 'main')).toEqual([]);

    await page.getByRole('button', { name: /^알림(,|$)/ }).click();
    const profileLink = page.getByRole('dialog', { name: '알림' }).getByRole('link', { name: /프로필/ });
    expect((await profileLink.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  }, 120_000);
});
