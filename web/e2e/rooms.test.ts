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
import { signIn } from './support/sign-in';
import { waitForTitle } from './support/title';

// Rooms end to end: room creation (form and news), the live room list in another
// member's browser (filters, sorts, join buttons), the finished view with search, the home's
// debate top 10, the debater ranking with search, the gate; axe and screenshots at 375/1280 px.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-e2e-shots');
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

// Demo members who sign in through the Kakao button (the others use Google).
async function signedIn(key: string, width = 1280): Promise<{ page: Page; userId: number }> {
  const member = await signIn(browser, server.url, key, { width });
  contexts.push(member.context);
  return member;
}

/** Takes a seat over the legacy debate endpoint with plain STOMP frames, independent of the debate screens. */
async function seatOverStomp(page: Page, roomId: string, position: 'pro' | 'con'): Promise<void> {
  await page.evaluate(
    async ({ roomId, position }) => {
      const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
      const ws = new WebSocket(`ws://${location.host}/debate/${roomId}`, ['v12.stomp']);
      ws.binaryType = 'arraybuffer';
      (window as unknown as { seat: WebSocket }).seat = ws;
      await new Promise<void>((resolve, reject) => {
        ws.onopen = () =>
          ws.send(
            `CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n` +
              `position:${position}\nroomId:${roomId}\n\n\0`,
          );
        ws.onmessage = (event) => {
          const text =
            typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
          if (text.startsWith('CONNECTED')) {
            ws.send(`SUBSCRIBE\nid:sub-0\ndestination:/topic/debate/${roomId}\n\n\0`);
            resolve();
          } else if (text.startsWith('ERROR')) reject(new Error(text));
        };
        ws.onerror = () => reject(new Error('socket error'));
        ws.onclose = (event) => reject(new Error(`socket closed ${event.code}`));
      });
    },
    { roomId, position },
  );
}

const historyStance = (page: Page) =>
  page.evaluate(() => (history.state as { stance?: string } | null)?.stance ?? null);
const expectClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

async function fillForm(page: Page, title: string, picks: string[]): Promise<void> {
  await page.getByLabel('토론 주제').fill(title);
  await page.getByLabel('토론방 설명').fill('함께 이야기해 봐요');
  for (const pick of picks) {
    const [group, chip] = pick.split('>') as [string, string];
    await page.getByRole('group', { name: group }).getByRole('button', { name: chip, exact: true }).click();
  }
}

describe('debate room list, creation, ranking and gate in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    // No reconnect grace: a debater who closes the socket loses at once, so a finished room takes seconds.
    process.env.DEBATE_RECONNECT_GRACE_SECONDS = '0';
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    delete process.env.DEBATE_RECONNECT_GRACE_SECONDS;
  });

  it('creates a room from the form; it appears live in another member’s list, which filters and sorts', async () => {
    const viewer = await signedIn('junho');
    await viewer.page.goto('/debate-rooms');
    await viewer.page.getByText('현재 표시할 토론방이 없습니다').waitFor();
    await viewer.page.getByText('실시간으로 갱신되고 있어요').waitFor();
    await waitForTitle(viewer.page, '토론방 목록');

    const creator = await signedIn('minji');
    await creator.page.goto('/debate-rooms');
    await creator.page.getByRole('link', { name: '토론방 개설' }).first().click();
    await creator.page.waitForURL(/\/debate-zone\/new-debate$/);
    const create = creator.page.getByRole('button', { name: '생성', exact: true });
    expect(await create.isDisabled()).toBe(true);
    // The default settings are chosen from the start: 30 s per turn, 3 turns each.
    const chosen = (group: string) =>
      creator.page.getByRole('group', { name: group }).locator('button[aria-pressed="true"]').allTextContents();
    expect(await chosen('발언 시간')).toEqual(['30초']);
    expect(await chosen('발언 횟수')).toEqual(['3회']);
    await creator.page.getByText('9단계 중 2단계 완료').waitFor();
    await fillForm(creator.page, '기본소득 도입해야 할까', [
      '대륙>한국',
      '카테고리>경제',
      '참가 인원>1:1',
      '나의 입장>찬성',
      '발언 시간>40초',
    ]);
    expect(await create.isDisabled()).toBe(true);
    expect(await creator.page.getByText('8단계 중').count()).toBe(0);
    await creator.page.getByText('9단계 중 8단계 완료').waitFor();
    await creator.page.getByRole('group', { name: '승패 결정' }).getByRole('button', { name: '승패 결정' }).click();
    await creator.page.getByText('4분', { exact: true }).waitFor();
    await creator.page.getByRole('group', { name: '발언 횟수' }).getByRole('button', { name: '4회' }).click();
    await creator.page.getByText('5분 20초').waitFor();
    await creator.page.getByText('9단계 중 9단계 완료').waitFor();
    await expectClean(creator.page);
    await creator.page.screenshot({ path: path.join(shots, 'create-1280.png'), fullPage: true });
    await create.click();
    await creator.page.waitForURL(/\/debate-zone\/[0-9a-f-]{36}$/);
    expect(await historyStance(creator.page)).toBe('PRO');
    await waitForTitle(creator.page, '기본소득 도입해야 할까');
    const roomId = creator.page.url().split('/').pop() ?? '';

    // The other member's open list shows it without a reload.
    const room = card(viewer.page, '기본소득 도입해야 할까');
    await room.waitFor({ timeout: 12_000 });
    expect(await room.getByText('경제').count()).toBe(1);
    expect(await room.getByText('1:1').count()).toBe(1);
    expect(await room.getByText('5분 20초').count()).toBe(1);
    expect(await room.getByRole('button', { name: '반대' }).isDisabled()).toBe(false);
    await expectClean(viewer.page);
    await viewer.page.screenshot({ path: path.join(shots, 'rooms-1280.png'), fullPage: true });

    // Filters (folded under 필터): one chip per group, a second click clears it, reset clears all.
    await viewer.page.getByRole('button', { name: '필터', exact: true }).click();
    const chip = (group: string, name: string) =>
      viewer.page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
    await chip('대륙', '유럽').click();
    await viewer.page.getByText('현재 표시할 토론방이 없습니다').waitFor();
    await chip('대륙', '유럽').click();
    expect(await chip('대륙', '유럽').getAttribute('aria-pressed')).toBe('false');
    await room.waitFor();
    await chip('대륙', '한국').click();
    await chip('참가 인원', '3:3').click();
    await viewer.page.getByText('현재 표시할 토론방이 없습니다').waitFor();
    await viewer.page.getByRole('button', { name: '필터 초기화' }).click();
    expect(await chip('대륙', '한국').getAttribute('aria-pressed')).toBe('false');
    await room.waitFor();

    // Sorts pick the snapshot's orders; the room is in each.
    for (const sort of ['임박순', '인기순', '최신순']) {
      await viewer.page.getByRole('group', { name: '정렬' }).getByRole('button', { name: sort }).click();
      expect(
        await viewer.page
          .getByRole('group', { name: '정렬' })
          .getByRole('button', { name: sort })
          .getAttribute('aria-pressed'),
      ).toBe('true');
      await room.waitFor();
    }

    // The home's debate top 10 lists it and opens the observer view.
    await viewer.page.goto('/main');
    await viewer.page.getByRole('tab', { name: '토론 TOP 10' }).click();
    await viewer.page.getByRole('link', { name: /기본소득 도입해야 할까/ }).waitFor();
    await expectClean(viewer.page);
    await viewer.page.screenshot({ path: path.join(shots, 'home-debates-1280.png'), fullPage: true });
    await viewer.page.getByRole('link', { name: /기본소득 도입해야 할까/ }).click();
    await viewer.page.waitForURL(new RegExp(`/observing-zone/${roomId}$`));

    // The join buttons carry the stance.
    await viewer.page.goto('/debate-rooms');
    await card(viewer.page, '기본소득 도입해야 할까').getByRole('button', { name: '참관' }).click();
    await viewer.page.waitForURL(new RegExp(`/observing-zone/${roomId}$`));
  }, 90_000);

  it('creates a room from a news item: topic, continent and category from it, newsId and newsUrl sent', async () => {
    const creator = await signedIn('seoyeon');
    await creator.page.goto('/debate-zone/new-debate?id=1');
    await creator.page.locator('main a[href="/news/1"]').waitFor();
    expect(await creator.page.getByRole('group', { name: '대륙' }).count()).toBe(0);
    // News 1 is a 사회 article from 한국: its title (cut to 30) and category fill the form (room creation from news).
    const topic = await creator.page.getByLabel('토론 주제').inputValue();
    expect(topic.length).toBeGreaterThan(0);
    expect(topic.length).toBeLessThanOrEqual(30);
    expect('노동자 건강 보호냐 공사 지연이냐…보건 당국 폭염기 야외 노동 제한 딜레마'.startsWith(topic)).toBe(true);
    const chip = (group: string, name: string) =>
      creator.page.getByRole('group', { name: group }).getByRole('button', { name, exact: true });
    expect(await chip('카테고리', '사회').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('카테고리', '기타').count()).toBe(1);
    expect(await chip('발언 시간', '30초').getAttribute('aria-pressed')).toBe('true');
    expect(await chip('발언 횟수', '3회').getAttribute('aria-pressed')).toBe('true');
    await creator.page.getByText('9단계 중 5단계 완료').waitFor();
    await fillForm(creator.page, '뉴스로 여는 토론', ['참가 인원>3:3', '나의 입장>반대', '승패 결정>승패 없음']);
    await creator.page.getByText('9단계 중 9단계 완료').waitFor();
    await creator.page.getByRole('button', { name: '생성', exact: true }).click();
    await creator.page.waitForURL(/\/debate-zone\/[0-9a-f-]{36}$/);
    expect(await historyStance(creator.page)).toBe('CON');
    const roomId = creator.page.url().split('/').pop() ?? '';
    const info = await callApi<Record<string, unknown>>(creator.page, 'GET', `/api/debates/${roomId}`);
    expect(info.data).toMatchObject({
      title: '뉴스로 여는 토론',
      newsUrl: '/news/1',
      continentType: 'KR',
      categoryType: 'SO',
      memberNumberType: 3,
      resultEnabled: false,
      timeType: 30,
      speakCountType: 3,
    });
  });

  it('shows finished rooms with search and sorts; switching the toggle clears the filters', async () => {
    const pro = await signedIn('doyun');
    const con = await signedIn('haeun');
    const created = await callApi<string>(pro.page, 'POST', '/api/chat/create', {
      title: '사내 낮잠 시간 도입',
      description: '일과 삶의 균형',
      memberNumber: 'T1',
      category: 'SO',
      time: 'T3',
      continent: 'EU',
      speakCount: 'THREE',
      resultEnabled: true,
    });
    expect(created.status).toBe(201);
    await seatOverStomp(pro.page, created.data, 'pro');
    await seatOverStomp(con.page, created.data, 'con');
    // The debate starts after the 5 s countdown; then the con debater leaves and pro wins by default.
    await expect
      .poll(
        async () => (await callApi<{ status: string }>(pro.page, 'GET', `/api/debates/${created.data}`)).data.status,
        { timeout: 15_000, interval: 500 },
      )
      .toBe('DEBATE');
    await con.page.evaluate(() => (window as unknown as { seat: WebSocket }).seat.close());
    await expect
      .poll(
        async () => (await callApi<{ status: string }>(pro.page, 'GET', `/api/debates/${created.data}`)).data.status,
        { timeout: 15_000, interval: 500 },
      )
      .toBe('CLOSED');

    const page = pro.page;
    await page.goto('/debate-rooms');
    await page.getByRole('button', { name: '필터', exact: true }).click();
    await page.getByRole('group', { name: '대륙' }).getByRole('button', { name: '아시아/호주' }).click();
    await page.getByRole('tab', { name: '종료' }).click();
    expect(
      await page
        .getByRole('group', { name: '대륙' })
        .getByRole('button', { name: '아시아/호주' })
        .getAttribute('aria-pressed'),
    ).toBe('false');
    expect(await page.getByRole('group', { name: '정렬' }).getByRole('button', { name: '임박순' }).count()).toBe(0);
    const finished = card(page, '사내 낮잠 시간 도입');
    await finished.waitFor();
    // The demo season fills more than one page of finished rooms.
    expect(await page.getByRole('navigation', { name: '종료된 토론방 페이지' }).count()).toBe(1);

    const search = page.getByPlaceholder('찾으시는 토론방 키워드를 검색하세요');
    await search.fill('존재하지 않는 주제');
    await page.getByText('‘존재하지 않는 주제’에 해당하는 토론방이 없습니다').waitFor();
    await search.fill('낮잠');
    await finished.waitFor();
    await page.getByRole('group', { name: '정렬' }).getByRole('button', { name: '인기순' }).click();
    await finished.waitFor();
    await expectClean(page);
    await finished.getByRole('button', { name: '보러가기' }).click();
    await page.waitForURL(new RegExp(`/archived-room/${created.data}$`));
  }, 90_000);

  it('ranks debaters with medal cards, searches after a pause and shows the empty text', async () => {
    const { page } = await signedIn('jiho');
    await page.goto('/debaters');
    await page.getByRole('heading', { name: 'TOP 3 토론자' }).waitFor();
    expect(await page.getByText(/금메달/).count()).toBe(1);
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'debaters-1280.png'), fullPage: true });

    const box = page.getByPlaceholder('검색...');
    await box.fill('민지');
    await page.getByText('‘민지’ 검색 결과').waitFor();
    expect(await page.getByRole('heading', { name: 'TOP 3 토론자' }).count()).toBe(0);
    const entry = page.getByRole('link', { name: /김민지/ });
    expect(await entry.count()).toBe(1);
    await box.fill('없는사람');
    await page.getByText('없는사람에 해당하는 사용자 정보가 없습니다').waitFor();
    await box.fill('민지');
    await entry.click();
    await page.waitForURL(/\/user-page\/\d+$/);
  });

  it('enters a room through the gate with the chosen stance', async () => {
    const { page } = await signedIn('yuna');
    await page.goto('/debate-gate');
    const join = page.getByRole('button', { name: '입장하기' });
    expect(await join.isDisabled()).toBe(true);
    await page.getByLabel('토론방 번호').fill('3f0c2a57-8a0e-4d7e-9d55-2f0b6a1f2c11');
    expect(await join.isDisabled()).toBe(true);
    await page.getByLabel('입장').selectOption({ label: '반대' });
    await expectClean(page);
    await join.click();
    await page.waitForURL(/\/debate-zone\/3f0c2a57-8a0e-4d7e-9d55-2f0b6a1f2c11$/);
    expect(await historyStance(page)).toBe('CON');
  });

  it('looks right at 375 px: the list, the creation form and the ranking', async () => {
    const { page } = await signedIn('minji', 375);
    await page.goto('/debate-rooms');
    await card(page, '기본소득 도입해야 할까').waitFor();
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'rooms-375.png'), fullPage: true });
    await page.getByRole('button', { name: '필터' }).click();
    await page.getByRole('group', { name: '카테고리' }).getByRole('button', { name: '경제' }).click();
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'rooms-filters-375.png'), fullPage: true });

    await page.goto('/debate-zone/new-debate');
    await fillForm(page, '모바일에서 여는 토론', ['대륙>일본', '카테고리>IT']);
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'create-375.png'), fullPage: true });

    await page.goto('/debaters');
    await page.getByRole('heading', { name: 'TOP 3 토론자' }).waitFor();
    await expectClean(page);
    await page.screenshot({ path: path.join(shots, 'debaters-375.png'), fullPage: true });
  }, 90_000);
});
