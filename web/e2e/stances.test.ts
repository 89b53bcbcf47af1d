// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { createRoom, enterFromList, signIn, type Member } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';

// Stances end to end under DEBATE_TIME_SCALE 0.2 (6 s turns): three viewers declare while the room
// fills, two change during the first speech; the live bar, the result's swing and the archive's
// timeline show the figures the log gives; nobody sees another viewer's stance. Screenshots at 375/1280 px.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-e2e-shots');
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const strip = (page: Page) => page.getByRole('region', { name: '참관자 입장' });
const pick = (page: Page, stance: '찬성' | '반대' | '미정') =>
  strip(page).getByRole('group', { name: '내 입장' }).getByRole('button', { name: stance, exact: true });

/** Picks a stance and waits until the page shows it as this viewer's own. */
async function declare(page: Page, stance: '찬성' | '반대' | '미정'): Promise<void> {
  await pick(page, stance).click();
  await page.waitForFunction(
    (label) =>
      [...document.querySelectorAll('[aria-label="내 입장"] button')].some(
        (b) => b.textContent === label && b.getAttribute('aria-pressed') === 'true',
      ),
    stance,
  );
}

/** The shares as the live bar words them (its accessible name). */
const barNamed = (page: Page, text: RegExp) => strip(page).getByRole('img', { name: text });

describe('stances in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer({ env: { DEBATE_TIME_SCALE: '0.2' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  it('three viewers declare and change; the bar, the swing and the replay timeline agree', async () => {
    const pro = await signIn(browser, server.url, 'yuna', { width: 1280, height: 900 });
    const con = await signIn(browser, server.url, 'jiho', { width: 1280, height: 900 });
    const viewers: Member[] = [
      await signIn(browser, server.url, 'minji', { width: 375, height: 812 }),
      await signIn(browser, server.url, 'junho', { width: 1280, height: 900 }),
      await signIn(browser, server.url, 'seoyeon', { width: 375, height: 812 }),
    ];
    contexts.push(pro.context, con.context, ...viewers.map((v) => v.context));
    const [a, b, c] = viewers.map((v) => v.page) as [Page, Page, Page];
    const title = '초등학생 스마트폰 금지';
    const roomId = await createRoom(pro.page, title);
    for (const v of viewers) await enterFromList(v.page, title, '참관');

    // While the room fills: one tap each. Two declared show no shares yet.
    await declare(a, '찬성');
    await declare(b, '반대');
    await strip(a).getByText('입장을 밝힌 참관자가 3명 이상이면 비율이 보여요').waitFor();
    await declare(c, '미정');
    const even = /^찬성 34% · 반대 33% · 미정 33% \(3명\)$/;
    for (const page of [a, b, c]) await barNamed(page, even).waitFor();
    await a.screenshot({ path: path.join(shots, 'stance-waiting-375.png'), fullPage: true });

    // Coming back (a reload) shows the picker with the viewer's own stance from its first frame, never undecided first.
    await a.addInitScript(() => {
      const frames: string[] = [];
      Object.assign(window, { pickerFrames: frames });
      new MutationObserver(() => {
        const group = document.querySelector('[aria-label="내 입장"]');
        const state = group && [...group.querySelectorAll('button')].map((b) => b.getAttribute('aria-pressed')).join();
        if (state && frames.at(-1) !== state) frames.push(state);
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await a.reload();
    await pick(a, '찬성').and(a.locator('[aria-pressed="true"]')).waitFor();
    expect(await a.evaluate(() => (window as unknown as { pickerFrames: string[] }).pickerFrames)).toEqual([
      'true,false,false',
    ]);

    // The debate starts; debaters see the same bar, without a picker.
    await enterFromList(pro.page, title, '찬성');
    await enterFromList(con.page, title, '반대');
    for (const page of [a, b, c, pro.page])
      await page.getByRole('region', { name: '토론' }).waitFor({ timeout: 30_000 });
    await barNamed(pro.page, even).waitFor();
    expect(await strip(pro.page).getByRole('group', { name: '내 입장' }).count()).toBe(0);

    // During the first speech two viewers come round to 찬성.
    await Promise.all([declare(b, '찬성'), declare(c, '찬성')]);
    const allPro = /^찬성 100% · 반대 0% · 미정 0% \(3명\)$/;
    for (const page of [a, b, c, pro.page, con.page]) await barNamed(page, allPro).waitFor();
    // Each viewer's picker shows only their own stance.
    expect(await pick(a, '찬성').getAttribute('aria-pressed')).toBe('true');
    expect(await pick(b, '반대').getAttribute('aria-pressed')).toBe('false');
    expect(await seriousViolations(b)).toEqual([]);
    await b.screenshot({ path: path.join(shots, 'stance-ongoing-1280.png'), fullPage: true });
    await a.screenshot({ path: path.join(shots, 'stance-ongoing-375.png'), fullPage: true });

    // The vote: stances lock; the result shows the shares at the first speech and at the vote, and the swing.
    await a.getByRole('button', { name: '찬성에 투표' }).click({ timeout: 90_000 });
    await b.getByRole('button', { name: '찬성에 투표' }).click();
    const panel = a.getByRole('region', { name: '참관자의 마음' });
    await panel.waitFor({ timeout: 30_000 });
    await panel.getByText('찬성 측이 +66%p를 얻어 방을 움직였어요').waitFor();
    expect(await panel.getByRole('img', { name: even }).count()).toBe(1);
    expect(await panel.getByRole('img', { name: allPro }).count()).toBe(1);
    await panel.getByText('가장 설득력 있던 발언').waitFor();
    expect(await panel.textContent()).toContain('1턴 · 찬성');
    expect(await panel.textContent()).toContain('참관자 2명의 입장이 바뀌었어요');
    expect(await seriousViolations(a)).toEqual([]);
    await a.screenshot({ path: path.join(shots, 'stance-result-375.png'), fullPage: true });
    const proPanel = pro.page.getByRole('region', { name: '참관자의 마음' });
    await pro.page.getByText('VOTE RESULT').waitFor({ timeout: 30_000 });
    await proPanel.getByText('찬성 측이 +66%p를 얻어 방을 움직였어요').waitFor({ timeout: 30_000 });
    await pro.page.screenshot({ path: path.join(shots, 'stance-result-1280.png'), fullPage: true });

    // Nobody's copy of the log names another viewer's stance.
    const log = (await a.evaluate(async (id) => {
      const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
      const res = await fetch(`/api/debates/${id}/events`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: unknown[] }).data;
    }, roomId)) as { type: string; userId: number | null; stance: string | null }[];
    const stances = log.filter((e) => e.type === 'StanceDeclared');
    expect(stances).toHaveLength(5);
    for (const e of stances) {
      if (e.userId === null) expect(e.stance).toBeNull();
      else expect(e.userId).toBe(viewers[0]!.userId);
    }

    // The archive: the timeline under the transcript scrubs with the player.
    await b.goto(`/archived-room/${roomId}`);
    const chart = b.getByRole('figure', { name: '참관자 입장 변화' });
    await chart.waitFor({ timeout: 30_000 });
    const readout = chart.getByTestId('stance-at-playhead');
    await readout.getByText('이 시점 찬성 34% · 반대 33% · 미정 33% (3명)').waitFor();
    const position = b.getByRole('slider', { name: '재생 위치' });
    await position.fill(String(await position.getAttribute('max')));
    await readout.getByText('이 시점 찬성 100% · 반대 0% · 미정 0% (3명)').waitFor();
    await b.getByRole('button', { name: '1턴 찬성' }).click();
    expect(await readout.textContent()).toContain('찬성 34%');
    expect(await b.getByRole('region', { name: '참관자의 마음' }).textContent()).toContain('+66%p');
    expect(await seriousViolations(b)).toEqual([]);
    await b.screenshot({ path: path.join(shots, 'stance-archive-1280.png'), fullPage: true });
    await b.setViewportSize({ width: 375, height: 812 });
    await b.screenshot({ path: path.join(shots, 'stance-archive-375.png'), fullPage: true });

    // 설득력 on the winner's page and as an order of the ranking.
    await pro.page.goto(`/user-page/${pro.userId}`);
    const persuasion = pro.page.getByRole('region', { name: '설득력' });
    await persuasion.getByTestId('persuasion-figure').getByText('+66%p').waitFor();
    await pro.page.screenshot({ path: path.join(shots, 'stance-profile-1280.png'), fullPage: true });
    await pro.page.goto('/debaters');
    await pro.page.getByRole('button', { name: '설득력순' }).click();
    await pro.page
      .getByText('토론 동안 참관자의 입장을 자기 편으로 가장 많이 움직인 순서예요', { exact: false })
      .waitFor();
    await pro.page
      .getByRole('link', { name: /설득력/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await pro.page.screenshot({ path: path.join(shots, 'stance-ranking-1280.png'), fullPage: true });
  }, 240_000);
});
