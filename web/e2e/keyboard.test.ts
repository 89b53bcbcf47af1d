// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn, type Member } from './support/sign-in';

// Keyboard-only use of the reading and member screens: a button that waits for its request keeps the
// focus it was pressed with, so the next key acts where the member is, not at the start of the page.
let server: RunningServer;
let browser: Browser;
const members: Member[] = [];

async function member(key: string, width = 1280): Promise<Member> {
  const signedIn = await signIn(browser, server.url, key, { width, height: 800 });
  members.push(signedIn);
  return signedIn;
}

/** Whether `target` holds the keyboard focus (not the page's body). */
const focused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses `key` on the focused `button`, waits until it reads `pressed`, and tells whether it kept the focus. */
async function press(page: Page, button: Locator, key: string, pressed: 'true' | 'false'): Promise<boolean> {
  await page.keyboard.press(key);
  await expect.poll(() => button.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe(pressed);
  await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
  return focused(button);
}

describe('keyboard use', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const { context } of members) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('like and bookmark keep the focus while they are sent, so the same key takes them back', async () => {
    const { page } = await member('minji');
    await page.goto('/news');
    await page.getByRole('list', { name: '뉴스 목록' }).getByRole('link').first().click();
    for (const name of [/^좋아요/, /^저장/]) {
      const toggle = page.getByRole('button', { name });
      await toggle.focus();
      expect(await press(page, toggle, 'Enter', 'true')).toBe(true);
      expect(await press(page, toggle, 'Space', 'false')).toBe(true);
    }
  }, 90_000);

  it('follow on a profile keeps the focus while it is sent', async () => {
    const { page } = await member('seoyeon');
    const { userId } = await member('doyun');
    await page.goto(`/user-page/${userId}`);
    const follow = page.getByRole('button', { name: /^팔로우/ });
    await follow.focus();
    expect(await press(page, follow, 'Enter', 'true')).toBe(true);
    await expect.poll(() => follow.textContent(), { timeout: 10_000 }).toBe('팔로우 취소');
    await page.waitForTimeout(1100); // one click per second (docs/product-rules.md#follows)
    expect(await press(page, follow, 'Enter', 'false')).toBe(true);
  }, 90_000);

  it('the news page on a phone shows its sort tabs and search in the order the keyboard reaches them', async () => {
    const { page } = await member('yuna', 375);
    await page.goto('/news');
    const sort = page.getByRole('tablist', { name: '정렬' });
    const search = page.getByRole('searchbox', { name: '뉴스 검색' });
    const top = async (target: Locator) => (await target.boundingBox())!.y;
    expect(await top(sort)).toBeLessThan(await top(search));
    await page.getByRole('tab', { name: '최신순' }).focus();
    // From the sort tabs, Tab goes on down the page to the search, not back up to it.
    for (let i = 0; i < 4 && !(await focused(search)); i++) await page.keyboard.press('Tab');
    expect(await focused(search)).toBe(true);
  });

  it('더보기 hands the focus to the first article it brought, the last page too', async () => {
    const { page } = await member('junho');
    await page.goto('/news?continent=KR');
    const items = page.getByRole('list', { name: '뉴스 목록' }).getByRole('listitem');
    await items.first().waitFor({ timeout: 30_000 });
    expect(await items.count()).toBe(12);
    const more = page.getByRole('button', { name: '더보기' });
    // The seeded 한국 news fill three pages and part of a fourth, whose load removes the button.
    for (const shown of [12, 24, 36]) {
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => items.count(), { timeout: 10_000 }).toBeGreaterThan(shown);
      expect(await focused(items.nth(shown).getByRole('link'))).toBe(true);
    }
    expect(await more.count()).toBe(0);
  }, 90_000);

  it.each([375, 1280])(
    'going back up the news by Shift+Tab keeps each control clear of the header at %i px',
    async (width) => {
      const { page } = await member('haeun', width);
      await page.goto('/news');
      await page.getByRole('list', { name: '뉴스 목록' }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: '더보기' }).focus();
      const hidden: string[] = [];
      for (let step = 0; step < 14; step += 1) {
        await page.keyboard.press('Shift+Tab');
        const where = await page.evaluate(() => {
          const focus = document.activeElement as HTMLElement;
          const header = document.querySelector('header')!.getBoundingClientRect();
          return {
            top: focus.getBoundingClientRect().top,
            under: header.bottom,
            name: focus.textContent?.trim() ?? '',
          };
        });
        if (where.top < where.under) hidden.push(`${where.name} ${Math.round(where.top)} < ${Math.round(where.under)}`);
      }
      expect(hidden).toEqual([]);
    },
    90_000,
  );
});
