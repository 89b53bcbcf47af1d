import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page, ViewportSize } from 'playwright-core';

/**
 * Runs axe on the page and lists the serious and critical violations (empty = pass).
 * Colours are judged as they settle: the scan runs with reduced motion, so an entrance animation
 * (the landing's scroll reveal, which may start while axe scrolls) cannot be caught half-faded.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const reduced = await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  } finally {
    await page.emulateMedia({ reducedMotion: reduced ? 'reduce' : 'no-preference' });
  }
}

/** A page's markup, address and size at one moment, to scan after that moment has passed. */
export interface FrozenPage {
  readonly context: BrowserContext;
  readonly url: string;
  readonly viewport: ViewportSize | null;
  readonly html: string;
}

/** Keeps the page's markup as it is now: cheap, for a state that lasts only seconds. */
export async function freeze(page: Page): Promise<FrozenPage> {
  return { context: page.context(), url: page.url(), viewport: page.viewportSize(), html: await page.content() };
}

/**
 * Scans a frozen page with axe: its markup without scripts, served at an address of the page's own
 * origin (so the same stylesheets, fonts and pictures load) in a new page of the same browser
 * context at the same size. A scan takes seconds on a busy machine; this way it need not fit in the
 * state's own lifetime.
 */
export async function frozenViolations({ context, url, viewport, html }: FrozenPage): Promise<string[]> {
  const copy = await context.newPage();
  try {
    if (viewport) await copy.setViewportSize(viewport);
    const address = new URL('/axe-frozen-copy', url).href;
    const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
    await copy.route(address, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body }));
    await copy.goto(address);
    return await seriousViolations(copy);
  } finally {
    await copy.close();
  }
}
