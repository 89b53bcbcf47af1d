import type { Page } from 'playwright-core';

/** Waits until the tab reads `name · 토론` (src/lib/page-title.ts), or fails saying what it reads instead. */
export async function waitForTitle(page: Page, name: string): Promise<void> {
  const expected = `${name} · 토론`;
  try {
    await page.waitForFunction((title) => document.title === title, expected, { timeout: 5000 });
  } catch {
    throw new Error(`document title: expected "${expected}", found "${await page.title()}"`);
  }
}
