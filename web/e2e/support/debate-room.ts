import type { Page } from 'playwright-core';

import { callApi } from './api';

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
  const created = await callApi<string>(page, 'POST', '/api/chat/create', { ...ROOM, title, ...overrides });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  return created.data;
}

/** Goes to the room list and presses 찬성, 반대 or 참관 on the room's card. */
export async function enterFromList(page: Page, title: string, button: '찬성' | '반대' | '참관'): Promise<void> {
  await page.goto('/debate-rooms');
  const card = page.getByRole('group', { name: title });
  await card.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(button === '참관' ? /\/observing-zone\// : /\/debate-zone\//);
}

/** The accessible names of the debater's message box and of the debate's speeches. */
const SPEECH_BOX = '발언 입력';
const SPEECHES = '토론 채팅';

/** The debater's message box. */
export const speechBox = (page: Page) => page.getByRole('textbox', { name: SPEECH_BOX });

/**
 * Says `text` with Enter in the debater's turn and waits until the debate shows it. On a busy
 * machine a turn can run out between the box enabling and the send: the refused text comes back to
 * the box, and it is sent again in the side's next turn (at most `turns` turns).
 */
export async function speak(page: Page, text: string, turns = 3): Promise<void> {
  const box = speechBox(page);
  const open = box.and(page.locator(':enabled'));
  // The other side's turn can last 60 s on the slowest clock the tests use.
  const nextTurn = { timeout: 120_000 };
  for (let turn = 1; turn <= turns; turn++) {
    await open.waitFor(nextTurn);
    if ((await box.inputValue()) !== text) await box.fill(text);
    await box.press('Enter');
    const outcome = await page.waitForFunction(
      ({ text, boxName, logName }) => {
        const log = document.querySelector(`ol[aria-label="${logName}"]`);
        if (Array.from(log?.querySelectorAll('li') ?? []).some((li) => li.textContent?.includes(text))) return 'shown';
        const label = Array.from(document.querySelectorAll('label')).find((l) => l.textContent === boxName);
        const input = label ? document.getElementById(label.htmlFor) : null;
        return input instanceof HTMLTextAreaElement && input.value === text ? 'refused' : false;
      },
      { text, boxName: SPEECH_BOX, logName: SPEECHES },
    );
    if ((await outcome.jsonValue()) === 'shown') return;
    await box.and(page.locator(':disabled')).waitFor(nextTurn);
  }
  throw new Error(`'${text}' was refused in ${turns} turns`);
}
