import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Demo users by provider (fixtures/users/demo-users.json). */
const KAKAO = new Set(['junho', 'doyun', 'haeun', 'yuna']);

export interface Member {
  context: BrowserContext;
  page: Page;
  userId: number;
}

/** A fresh browser context signed in as a demo user through the demo provider. */
export async function signIn(browser: Browser, baseURL: string, key: string, width = 1280, height = 900): Promise<Member> {
  const context = await browser.newContext({ baseURL, viewport: { width, height }, locale: 'ko-KR', reducedMotion: 'reduce' });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`page error (${key}):`, error.stack));
  await page.goto('/login');
  const name = KAKAO.has(key) ? '카카오로 로그인' : 'Google로 로그인';
  const href = await page.getByRole('link', { name }).getAttribute('href');
  const url = new URL(href ?? '', baseURL);
  url.searchParams.set('login_hint', key);
  await page.goto(url.toString());
  await page.waitForURL(/\/main$/);
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user-store') ?? 'null')?.state?.userId as number);
  return { context, page, userId };
}

export const ROOM = { description: '찬반 토론', memberNumber: 'T1', category: 'PO', time: 'T3', continent: 'KR', speakCount: 'THREE', resultEnabled: true };

/** Creates a room through D1 from the signed-in page and returns its id. */
export async function createRoom(page: Page, title: string, overrides: Record<string, unknown> = {}): Promise<string> {
  return page.evaluate(async (body) => {
    const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
    const res = await fetch('/api/chat/create', { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const json = (await res.json()) as { data: string };
    if (res.status !== 201) throw new Error(`create answered ${res.status}`);
    return json.data;
  }, { ...ROOM, title, ...overrides });
}

/** Goes to the room list and presses 찬성, 반대 or 참관 on the room's card. */
export async function enterFromList(page: Page, title: string, button: '찬성' | '반대' | '참관'): Promise<void> {
  await page.goto('/debate-rooms');
  const card = page.getByRole('group', { name: title });
  await card.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(button === '참관' ? /\/observing-zone\// : /\/debate-zone\//);
}

/** The debater's message box. */
export const speechBox = (page: Page) => page.getByRole('textbox', { name: '발언 입력' });

/** Waits for the debater's turn, then says `text` with Enter. */
export async function speak(page: Page, text: string): Promise<void> {
  const box = speechBox(page);
  await page.waitForFunction(() => {
    const el = document.querySelector<HTMLTextAreaElement>('textarea[placeholder="메시지를 입력하세요"]');
    return el !== null && !el.disabled;
  });
  await box.fill(text);
  await box.press('Enter');
}
