// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createRoom, enterFromList, signIn, speak } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';

// The staff badge end to end: the 운영자 badge comes from the staff role. It shows on a staff member's chat
// line, participant card and profile; a member cannot get it, nor the name 운영자 in any spelling.
const SCALE = '0.1';
const BADGE = '토론 운영진의 계정입니다';
const RESERVED = '운영진으로 오해받을 수 있는 닉네임은 사용할 수 없습니다.';
const INVISIBLE = '닉네임에 보이지 않는 문자나 빈칸처럼 보이는 문자, 글자 없이 홀로 쓰인 결합 문자는 쓸 수 없습니다.';

let server: RunningServer;
let browser: Browser;

/** The chat line (list item) that says `text`. */
const lineSaying = (page: Page, text: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });

describe('the staff badge', () => {
  beforeAll(async () => {
    server = await startServer({ env: { DEBATE_TIME_SCALE: SCALE } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('marks the staff account in a room’s chat and participant cards and on its profile, and no member', async () => {
    const staff = await signIn(browser, server.url, 'admin');
    const member = await signIn(browser, server.url, 'seoyeon');
    const title = '운영 정책 공개 토론';
    await createRoom(member.page, title);
    await enterFromList(staff.page, title, '찬성');
    await enterFromList(member.page, title, '반대');

    await speak(staff.page, '운영진도 한 명의 토론자로 참여합니다');
    const staffLine = lineSaying(member.page, '운영진도 한 명의 토론자로 참여합니다');
    await staffLine.getByTitle(BADGE).waitFor();
    expect(await staffLine.getByTitle(BADGE).innerText()).toBe('운영자');
    const proCards = member.page.getByRole('region', { name: '찬성 측 참가자' });
    await proCards.getByTitle(BADGE).waitFor();

    await speak(member.page, '회원의 발언에는 표시가 없습니다');
    const memberLine = lineSaying(staff.page, '회원의 발언에는 표시가 없습니다');
    await memberLine.waitFor();
    expect(await memberLine.getByTitle(BADGE).count()).toBe(0);
    expect(await member.page.getByRole('region', { name: '반대 측 참가자' }).getByTitle(BADGE).count()).toBe(0);

    await member.page.goto(`/user-page/${staff.userId}`);
    await member.page.getByRole('heading', { name: '운영자' }).waitFor();
    await member.page.getByTitle(BADGE).waitFor();
    await member.page.goto(`/user-page/${member.userId}`);
    await member.page.getByRole('heading', { name: '박서연' }).waitFor();
    expect(await member.page.getByTitle(BADGE).count()).toBe(0);

    await Promise.all([staff.context.close(), member.context.close()]);
  }, 120_000);

  it('a newcomer cannot be named 운영자 in any spelling, and so never looks like staff', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.stack));
    await page.goto('/login');
    const href = await page.getByRole('link', { name: 'Google로 로그인' }).getAttribute('href');
    const url = new URL(href ?? '', server.url);
    url.searchParams.set('login_hint', 'would-be-staff');
    await page.goto(url.toString());
    await page.waitForURL(/\/signup\/\d+$/);

    const nickname = page.getByLabel('닉네임');
    for (const spelling of ['운영자', '운영자'.normalize('NFD'), 'ㅇㅜㄴ영자', '운영자님', '관리자']) {
      await nickname.fill(spelling);
      await page.getByRole('alert').filter({ hasText: RESERVED }).waitFor();
      expect(await page.getByRole('button', { name: '완료' }).count()).toBe(0);
    }
    await nickname.fill('운영자\u3164');
    await page.getByRole('alert').filter({ hasText: INVISIBLE }).waitFor();

    await nickname.fill('토론새내기');
    await page.getByRole('img', { name: '사용 가능한 닉네임' }).waitFor();
    await page.getByLabel('한 줄 소개').fill('반갑습니다');
    await page.getByRole('button', { name: '완료' }).click();
    await page.getByRole('button', { name: '확인' }).click();
    await page.waitForURL(/\/main$/);
    const me = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId as number,
    );

    // Nor through the profile edit.
    await page.goto('/profile-update');
    await page.getByLabel('닉네임').fill('운영자'.normalize('NFD'));
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByRole('alert').filter({ hasText: RESERVED }).waitFor();
    await page.goto(`/user-page/${me}`);
    await page.getByRole('heading', { name: '토론새내기' }).waitFor();
    expect(await page.getByTitle(BADGE).count()).toBe(0);
    await context.close();
  }, 60_000);
});
