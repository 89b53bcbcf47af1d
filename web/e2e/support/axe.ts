import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Runs axe on the page and lists the serious and critical violations (empty = pass). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Let entrance animations finish: a half-faded element would be judged on its passing colours.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
