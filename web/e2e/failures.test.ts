// @vitest-environment node
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi } from './support/api';
import { launchBrowser } from './support/browser';
import { consoleErrors } from './support/console';
import { createRoom } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/sign-in';

// When something fails: a screen whose code does not arrive, a room the server fails to describe,
// a member suspended while watching a live room. Each leaves the user somewhere to go, in Korean.
const FINISHED = '6a1f0c3e-8d2b-4f5a-9c71-0e4b2d6f8a13'; // a recorded demo debate
let server: RunningServer;
let browser: Browser;

/** Answers every request matching `url` with a 500 in the JSON envelope until `unroute`. */
const failing = (page: Page, url: string) =>
  page.route(url, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: 'INTERNAL_SERVER_ERROR', code: 'INTERNAL_ERROR', message: '서버 오류' }),
    }),
  );

describe('failures in the browser', () => {
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a screen whose code does not arrive keeps the header and offers a reload', async () => {
    const { page, context } = await signIn(browser, server.url, 'haeun');
    const chunk = '**/assets/DebatersPage-*.js';
    await page.route(chunk, (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: '토론자', exact: true }).first().click();
    await page.getByText('화면을 불러오지 못했습니다. 새로고침해 주세요.').waitFor();
    // The shell stands: the header's links still lead elsewhere.
    await page.getByRole('link', { name: '토론방', exact: true }).first().click();
    await page.getByRole('heading', { name: '토론방 목록' }).waitFor();
    await page.unroute(chunk);
    await page.goBack();
    await page.getByRole('button', { name: '새로고침' }).click();
    await page.getByRole('heading', { name: '토론자 랭킹' }).waitFor();
    await context.close();
  }, 60_000);

  it('a room the server fails to describe offers a retry; only a room it does not know is not found', async () => {
    const { page, context } = await signIn(browser, server.url, 'yuna');
    const title = '실패해도 다시 보기';
    const roomId = await createRoom(page, title);
    const errors = consoleErrors(page);

    const info = `**/api/debates/${roomId}`;
    await failing(page, info);
    await page.goto(`/observing-zone/${roomId}`);
    // After the cache's three retries (1, 2 and 4 s).
    await page.getByText('토론방을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.').waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe(`/observing-zone/${roomId}`);
    // A failure nobody expected is logged for whoever looks into it.
    expect(errors.some((line) => line.includes('서버 오류'))).toBe(true);
    await page.unroute(info);
    await page.getByRole('button', { name: '다시 시도' }).click();
    await page.getByText(title).first().waitFor();

    const events = `**/api/debates/${FINISHED}/events`;
    await failing(page, events);
    await page.goto(`/archived-room/${FINISHED}`);
    await page.getByText('지난 토론을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요.').waitFor({ timeout: 20_000 });
    await page.unroute(events);
    await page.getByRole('button', { name: '다시 시도' }).click();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/archived-room/${FINISHED}`);

    errors.length = 0;
    await page.goto(`/observing-zone/${randomUUID()}`);
    await page.waitForURL(/\/not-found$/);
    // A room that does not exist is an answer the page shows, not an error.
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('a member suspended while watching a live room is signed out at once and told why', async () => {
    const [creator, target, admin] = await Promise.all([
      signIn(browser, server.url, 'minji'),
      signIn(browser, server.url, 'jiho'),
      signIn(browser, server.url, 'admin'),
    ]);
    const title = '정지 알림 확인';
    const roomId = await createRoom(creator.page, title);
    await target.page.goto(`/observing-zone/${roomId}`);
    await target.page.getByText(title).first().waitFor();

    const report = await callApi<{ id: number }>(creator.page, 'POST', '/api/report', {
      userId: creator.userId,
      targetUserId: target.userId,
      targetType: 'PROFILE',
      targetRoomId: null,
      content: '욕설을 반복해요',
      reportType: 'CUSS',
    });
    expect(report.status).toBe(201);
    const processed = await callApi(admin.page, 'PUT', `/api/admin/reports/${report.data.id}`, {
      result: 'SUSPENSION',
      reportContent: '욕설 반복',
      assignedUserId: admin.userId,
    });
    expect(processed.status).toBe(200);

    // The room's socket is closed by the sanction and its reconnect refused with the sanction's code.
    await target.page.waitForURL((url) => url.pathname === '/');
    await target.page.getByText(/^이용이 일시 정지된 계정입니다\./).waitFor();
    expect(
      await target.page.evaluate(() => JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken),
    ).toBeNull();
    for (const m of [creator, target, admin]) await m.context.close();
  }, 60_000);
});
