import type { Page } from 'playwright-core';

export { signIn, type Member } from './sign-in';

const ROOM = {
  description: '찬반 토론',
  memberNumber: 'T1',
  category: 'PO',
  time: 'T3',
  continent: 'KR',
  speakCount: 'THREE',
  resultEnabled: true,
};

/** Creates a room through D1 from the signed-in page and returns its id. */
export async function createRoom(page: Page, title: string, overrides: Record<string, unknown> = {}): Promise<string> {
  return page.evaluate(
    async (body) => {
      const token = JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken as string;
      const res = await fetch('/api/chat/create', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: string };
      if (res.status !== 201) throw new Error(`create answered ${res.status}`);
      return json.data;
    },
    { ...ROOM, title, ...overrides },
  );
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
