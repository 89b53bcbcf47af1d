// @vitest-environment node
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freeze, frozenViolations, seriousViolations, type FrozenPage } from './support/axe';
import { launchBrowser } from './support/browser';
import { createRoom, signIn, speak, type Member } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';

// Every room state at 375 and 1280 px, each screenshot checked by axe (no serious violation).
// Two servers: a slow one (DEBATE_TIME_SCALE 2: 10 s countdown, 4 s intro, 60 s turns) for the
// moments that pass quickly, and a faster one (0.5: 15 s vote window) for the debate's end.
const shots = process.env.E2E_SCREENSHOTS ?? mkdtempSync(path.join(tmpdir(), 'toron-room-shots-'));
const problems: string[] = [];
const servers: RunningServer[] = [];
let browser: Browser;

/**
 * Screenshots every page (named by its width) and runs axe on it, in parallel. A `fleeting` state
 * (a countdown, the vote window) is kept as markup and scanned later (`scanFrozen`): a scan takes
 * seconds on a busy machine, longer than some of these states last.
 */
async function capture(state: string, pages: Page[], { fleeting = false } = {}): Promise<void> {
  await Promise.all(
    pages.map(async (page) => {
      const width = page.viewportSize()?.width ?? 0;
      const label = `${state}@${width}`;
      if (fleeting) frozen.push({ label, page: await freeze(page) });
      await page.screenshot({ path: path.join(shots, `${state}-${width}.png`), fullPage: width > 400 });
      if (!fleeting) report(label, await seriousViolations(page));
    }),
  );
}

const frozen: { label: string; page: FrozenPage }[] = [];

/** Scans the fleeting states captured so far. */
const scanFrozen = () =>
  Promise.all(frozen.splice(0).map(async ({ label, page }) => report(label, await frozenViolations(page))));

function report(label: string, violations: string[]): void {
  for (const v of violations) problems.push(`${label}: ${v}`);
}

/** The same user in a wide and a narrow window. */
async function both(url: string, key: string): Promise<[Member, Member]> {
  return Promise.all([signIn(browser, url, key), signIn(browser, url, key, { width: 375, height: 780 })]);
}

const open = (members: Member[], href: string, stance?: 'PRO' | 'CON') =>
  Promise.all(
    members.map(async ({ page }) => {
      await page.goto('/main');
      await page.evaluate(
        ({ href, stance }) => {
          history.pushState(stance ? { stance } : null, '', href);
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        },
        { href, stance },
      );
    }),
  );

const pagesOf = (members: Member[]) => members.map((m) => m.page);

/** The waiting room's teams and VS from top to bottom. */
const stackOrder = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('main section[aria-label$="측"], main p[lang="en"]'))
      .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
      .map((el) => el.getAttribute('aria-label') ?? el.textContent),
  );

/** Texts of the waiting room that a pulsing ring covers when its pulse is at its widest. */
const ringsOverText = (page: Page) =>
  page.evaluate(() => {
    const rings = Array.from(document.querySelectorAll<HTMLElement>('main [class*="animate-ring-pulse"]'));
    for (const ring of rings) {
      for (const a of ring.getAnimations()) {
        a.pause();
        a.currentTime = Number(a.effect?.getComputedTiming().duration ?? 0) - 1;
      }
    }
    const texts = Array.from(document.querySelectorAll<HTMLElement>('main h2, main li > span:last-child'));
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const covered = texts.filter((t) =>
      rings.some((r) => overlaps(r.getBoundingClientRect(), t.getBoundingClientRect())),
    );
    for (const ring of rings) for (const a of ring.getAnimations()) a.play();
    return rings.length === 0 ? ['no ring found'] : covered.map((t) => t.textContent);
  });

describe('room screens at 375 and 1280 px', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((s) => s.stop()));
    console.info(`room screenshots in ${shots}`);
  });

  it('captures waiting, countdown, intro, ongoing and exit overflow (slow clock)', async () => {
    mkdirSync(shots, { recursive: true });
    const [server] = await Promise.all([startServer({ env: { DEBATE_TIME_SCALE: '2' } })]);
    servers.push(server);
    const url = server.url;
    const pro = await both(url, 'minji');
    const viewer = await both(url, 'jiho');
    const con = await signIn(browser, url, 'seoyeon');
    const roomId = await createRoom(pro[0].page, '원자력 발전 확대', { resultEnabled: false });

    await open(pro, `/debate-zone/${roomId}`, 'PRO');
    await open(viewer, `/observing-zone/${roomId}`);
    await Promise.all(pro.map((m) => m.page.getByText('토론자를 매칭하고 있어요').waitFor()));
    await Promise.all(viewer.map((m) => m.page.getByText('매칭이 끝나면 토론이 시작됩니다').waitFor()));
    // Under 640 px the teams stack with VS between them, and the pulsing rings, at their widest,
    // stay clear of every word.
    for (const { page } of [pro[1], viewer[1]]) {
      const order = await stackOrder(page);
      expect(order[1]).toBe('VS');
      expect([...order].sort()).toEqual(['VS', '반대 측', '찬성 측']);
      expect(await ringsOverText(page)).toEqual([]);
    }
    await pro[0].page.getByRole('button', { name: '토론방 정보' }).click();
    await pro[1].page.getByRole('button', { name: '토론방 정보' }).click();
    await pro[1].page.getByRole('dialog', { name: '토론방 정보' }).waitFor();
    await capture('waiting-debater', pagesOf(pro));
    await pro[1].page.keyboard.press('Escape');
    await capture('waiting-observer', pagesOf(viewer));

    await open([con], `/debate-zone/${roomId}`, 'CON');
    await Promise.all(pro.map((m) => m.page.getByText('매칭이 완료되었습니다. 곧 토론이 시작됩니다.').waitFor()));
    await capture('starting-countdown', pagesOf(pro), { fleeting: true });
    await Promise.all(pro.map((m) => m.page.getByText('PROS', { exact: true }).waitFor({ timeout: 15_000 })));
    await capture('intro', pagesOf(pro), { fleeting: true });

    await speak(pro[0].page, '원자력은 탄소 배출이 적은 안정적인 전원입니다');
    await viewer[1].page.getByRole('tab', { name: '참관' }).click();
    const chat = viewer[1].page.getByRole('textbox', { name: '참관자 채팅 입력' });
    await chat.fill('안전 문제도 같이 이야기해 주세요');
    await chat.press('Enter');
    await viewer[0].page.getByText('안전 문제도 같이 이야기해 주세요', { exact: true }).waitFor();
    await capture('ongoing-debater', [...pagesOf(pro), con.page]);
    await capture('ongoing-observer', pagesOf(viewer));
    await pro[1].page.getByRole('button', { name: '참가자와 토론방 정보' }).click();
    await capture('ongoing-side-panel', [pro[1].page]);
    await pro[1].page.keyboard.press('Escape');
    await con.page.getByRole('button', { name: '나가기' }).click();
    await capture('exit-confirm', [con.page]);
    await con.page.getByRole('dialog').getByRole('button', { name: '나가기' }).click();
    await con.page.waitForURL(/\/main$/);
    await Promise.all(pro.map((m) => m.page.getByText('토론 상태를 확인하고 있어요').waitFor()));
    await capture('exit-overflow-spinner', pagesOf(pro), { fleeting: true });
    await Promise.all(
      pro.map((m) => m.page.getByText('한 측의 디베이터가 나갔으므로 토론이 종료됩니다').waitFor({ timeout: 15_000 })),
    );
    await capture('exit-overflow', pagesOf(pro));
    await scanFrozen();
    await Promise.all([...pro, ...viewer, con].map((m) => m.context.close()));
    expect(problems).toEqual([]);
  }, 180_000);

  it('captures voting, result, walkover, closed and the archive replay (faster clock)', async () => {
    const server = await startServer({ env: { DEBATE_TIME_SCALE: '0.5' } });
    servers.push(server);
    const url = server.url;
    const [pro, con, viewer] = await Promise.all([both(url, 'minji'), both(url, 'seoyeon'), both(url, 'jiho')]);
    const [quickPro, quickCon] = await Promise.all([both(url, 'haeun'), both(url, 'yuna')]);
    const [wPro, wCon] = await Promise.all([both(url, 'junho'), signIn(browser, url, 'doyun')]);
    const voteRoom = await createRoom(pro[0].page, '대학 등록금 무상화');
    const quietRoom = await createRoom(quickPro[0].page, '도시 자전거 도로 확대', { resultEnabled: false });
    const walkRoom = await createRoom(wPro[0].page, '반려동물 보유세 도입');

    await open(viewer, `/observing-zone/${voteRoom}`);
    await open(pro, `/debate-zone/${voteRoom}`, 'PRO');
    await open(con, `/debate-zone/${voteRoom}`, 'CON');
    await open(quickPro, `/debate-zone/${quietRoom}`, 'PRO');
    await open(quickCon, `/debate-zone/${quietRoom}`, 'CON');
    await open(wPro, `/debate-zone/${walkRoom}`, 'PRO');
    await open([wCon], `/debate-zone/${walkRoom}`, 'CON');

    // Walkover (con leaves during the debate) beside the vote room's speeches, so that those fall in
    // the room's first turns however long the walkover takes.
    const walkover = async () => {
      await wCon.page.getByRole('textbox', { name: '발언 입력' }).waitFor();
      await wCon.page.getByRole('button', { name: '나가기' }).click();
      await wCon.page.getByRole('dialog').getByRole('button', { name: '나가기' }).click();
      await Promise.all(
        wPro.map((m) => m.page.getByText('한 측의 디베이터가 나갔으므로 결과가 결정되었습니다').waitFor()),
      );
      await capture('won-by-default', pagesOf(wPro));
    };
    const speeches = async () => {
      await speak(pro[0].page, '교육은 공공재이므로 국가가 책임져야 합니다');
      await speak(con[0].page, '무상화는 재정 부담이 너무 큽니다');
    };
    await Promise.all([walkover(), speeches()]);

    await Promise.all(
      [...pro, ...viewer].map((m) =>
        m.page
          .getByText(/찬반 투표가 진행중입니다|승리했다고 생각하시는 입장에 투표해주세요/)
          .waitFor({ timeout: 120_000 }),
      ),
    );
    // The vote window is 15 s on this clock: the observer's and the debaters' steps run side by side.
    const observerVotes = async () => {
      const conVote = (page: Page) => page.getByRole('button', { name: '반대에 투표' });
      await Promise.all(viewer.map(({ page }) => conVote(page).and(page.locator(':enabled')).waitFor()));
      await capture('voting-observer', pagesOf(viewer), { fleeting: true });
      await conVote(viewer[0].page).click();
    };
    const debatersVote = async () => {
      const proVote = pro[0].page.getByRole('button', { name: '찬성', exact: true });
      await proVote.and(pro[0].page.locator(':enabled')).waitFor();
      await Promise.all([proVote.click(), con[0].page.getByRole('button', { name: '반대', exact: true }).click()]);
      await pro[1].page.getByText('찬성에 투표했어요. 결과를 기다리는 중입니다.').waitFor();
      // Two ballots, or three if the observer's came first.
      await pro[1].page.getByText(/^[23]표$/).waitFor();
      await capture('result-running', pagesOf(pro), { fleeting: true });
    };
    await Promise.all([observerVotes(), debatersVote()]);
    await scanFrozen();
    await Promise.all(viewer.map((m) => m.page.getByRole('img', { name: '반대 67%' }).waitFor({ timeout: 30_000 })));
    await capture('result', [...pagesOf(viewer), ...pagesOf(pro)]);

    // The room without a vote ends in its replay; a later visit shows the closed screen.
    await Promise.all(
      quickPro.map((m) =>
        m.page.getByRole('heading', { name: '도시 자전거 도로 확대 · 다시보기' }).waitFor({ timeout: 120_000 }),
      ),
    );
    await capture('finished-replay', pagesOf(quickPro));
    await open([viewer[1]], `/observing-zone/${quietRoom}`);
    await viewer[1].page.getByText('토론이 완료되었습니다. 지난 토론 내역을 확인해보세요').waitFor();
    await capture('closed', [viewer[1].page]);

    await Promise.all(viewer.map((m) => m.page.goto(`/archived-room/${voteRoom}`)));
    await Promise.all(
      viewer.map(async ({ page }) => {
        // The vote's marker: every speech precedes it, whichever turns the speeches fell in (the
        // walkover above takes long enough on a busy machine that the first turns pass unspoken).
        const player = page.getByRole('region', { name: '토론 다시보기' });
        await player.getByRole('button', { name: '투표', exact: true }).click();
        await player.getByText('교육은 공공재이므로 국가가 책임져야 합니다', { exact: true }).waitFor();
        await player.getByText('무상화는 재정 부담이 너무 큽니다', { exact: true }).waitFor();
      }),
    );
    await capture('archived-replay', pagesOf(viewer));
    // A later visit to a finished room: the notice, and the room's final screen.
    await open([viewer[1]], `/observing-zone/${voteRoom}`);
    await viewer[1].page.getByText('이미 완료된 토론 방입니다').waitFor();
    await capture('closed-room-notice', [viewer[1].page]);
    expect(problems).toEqual([]);
  }, 420_000);
});
