// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { createRoom, enterFromList, signIn, speak, speechBox } from './support/debate-room';
import { startServer, type RunningServer } from './support/server';

// A live debate end to end under DEBATE_TIME_SCALE 0.1 (3 s turns, 0.5 s countdown, 3 s vote window, 2 s grace):
// three browsers play a whole 1:1 debate with a vote from the room list to the archive replay;
// a walkover when a debater closes the tab or goes Back; a reconnect after the network drops.
const SCALE = '0.1';
let server: RunningServer;
let browser: Browser;

const countText = (page: Page, text: string) => page.getByText(text, { exact: true }).count();
/** Nothing on the page is wider than the window: a long unbroken line wraps inside its box. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const LONG_URL = `https://example.com/${'a1b2c3d4e5'.repeat(28)}`;

/** Pro, con and an observer play a 1:1 debate with a vote, then replay it. */
async function debateWithVote(server: RunningServer, browser: Browser): Promise<void> {
  const pro = await signIn(browser, server.url, 'minji');
  const con = await signIn(browser, server.url, 'seoyeon');
  const viewer = await signIn(browser, server.url, 'jiho', { width: 375, height: 780 });
  const title = '기본소득 전면 도입';
  const roomId = await createRoom(pro.page, title);

  await enterFromList(viewer.page, title, '참관');
  await viewer.page.getByText('매칭이 끝나면 토론이 시작됩니다').waitFor();
  await enterFromList(pro.page, title, '찬성');
  await pro.page.getByText('토론자를 매칭하고 있어요').waitFor();
  expect(pro.page.url()).toContain(`/debate-zone/${roomId}`);
  await enterFromList(con.page, title, '반대');

  // Turn 1 (PRO): pro's box opens, con's stays closed with the other placeholder.
  await speak(pro.page, '기본소득은 복지의 사각지대를 없앱니다');
  expect(await speechBox(con.page).getAttribute('placeholder')).toBe('발언 시간이 아닙니다');
  expect(await speechBox(con.page).isDisabled()).toBe(true);
  await viewer.page.getByText('기본소득은 복지의 사각지대를 없앱니다', { exact: true }).waitFor();
  // The observer chat: blanks are not sent, Enter sends, the box empties.
  await viewer.page.getByRole('tab', { name: '참관' }).click();
  const chat = viewer.page.getByRole('textbox', { name: '참관자 채팅 입력' });
  await chat.fill('   ');
  await chat.press('Enter');
  await chat.fill('찬성 측 논리가 탄탄하네요');
  await chat.press('Enter');
  await viewer.page.getByText('찬성 측 논리가 탄탄하네요', { exact: true }).waitFor();
  expect(await chat.inputValue()).toBe('');
  // A line without a break opportunity (500 × 관) wraps inside its bubble on a 375 px phone.
  await chat.fill('관'.repeat(500));
  await chat.press('Enter');
  await viewer.page.getByText('관'.repeat(500), { exact: true }).waitFor();
  expect(await fitsWidth(viewer.page)).toBe(true);
  await viewer.page.getByRole('tab', { name: '토론' }).click();

  // Turn 2 (CON).
  await speak(con.page, '재원 마련이 현실적으로 어렵습니다');
  await pro.page.getByText('재원 마련이 현실적으로 어렵습니다', { exact: true }).waitFor();
  await speak(pro.page, '단계적 도입으로 재원 문제를 풀 수 있습니다');
  await speak(con.page, LONG_URL);
  for (const page of [pro.page, con.page, viewer.page]) expect(await fitsWidth(page)).toBe(true);

  // Voting: the debater screen and the observer screen.
  await pro.page.getByText('찬반 투표가 진행중입니다...').waitFor({ timeout: 30_000 });
  await viewer.page.getByText('토론이 끝났습니다. 승리했다고 생각하시는 입장에 투표해주세요').waitFor();
  await pro.page.getByRole('button', { name: '찬성', exact: true }).and(pro.page.locator(':enabled')).waitFor();
  await Promise.all([
    viewer.page.getByRole('button', { name: '찬성에 투표' }).click(),
    pro.page.getByRole('button', { name: '찬성', exact: true }).click(),
    con.page.getByRole('button', { name: '기권', exact: true }).click(),
  ]);
  // The voter is on the result state at once, their ballot marked and the others disabled.
  await viewer.page.getByText('찬성에 투표했어요. 결과를 기다리는 중입니다.').waitFor();
  const ballot = viewer.page.getByRole('group', { name: '내 투표' });
  expect(await ballot.getByRole('button', { name: '찬성' }).getAttribute('aria-pressed')).toBe('true');
  expect(await ballot.getByRole('button', { name: '반대' }).isDisabled()).toBe(true);
  expect(await ballot.getByRole('button', { name: '기권' }).isDisabled()).toBe(true);

  // Result: rounded bars 67 / 0 / 33.
  for (const page of [pro.page, con.page, viewer.page]) {
    await page.getByText('VOTE RESULT').waitFor({ timeout: 15_000 });
    await page.getByRole('img', { name: '찬성 67%' }).waitFor();
    await page.getByRole('img', { name: '반대 0%' }).waitFor();
    await page.getByRole('img', { name: '기권 33%' }).waitFor();
  }
  expect(await countText(viewer.page, '기본소득은 복지의 사각지대를 없앱니다')).toBe(0);

  // The archive and its replay player: scrub to the second turn, the chat shows what was said by then.
  await viewer.page.goto(`/archived-room/${roomId}`);
  await viewer.page.getByRole('heading', { name: title }).waitFor();
  // The replay scrolls its own log, never the window: the title stays in view on a phone.
  await viewer.page.waitForTimeout(1000);
  expect(await viewer.page.evaluate(() => window.scrollY)).toBe(0);
  const player = viewer.page.getByRole('region', { name: '토론 다시보기' });
  await player.getByRole('button', { name: '다음 턴' }).click(); // the start of turn 1: nothing said yet
  expect(await player.getByRole('button', { name: '1턴 찬성' }).getAttribute('aria-current')).toBe('step');
  expect(await player.getByText('기본소득은 복지의 사각지대를 없앱니다', { exact: true }).count()).toBe(0);
  await player.getByRole('button', { name: '2턴 반대' }).click(); // turn 1 is over
  await player.getByText('기본소득은 복지의 사각지대를 없앱니다', { exact: true }).waitFor();
  expect(await player.getByText('재원 마련이 현실적으로 어렵습니다', { exact: true }).count()).toBe(0);
  await player.getByRole('button', { name: '8×' }).click();
  await player.getByRole('button', { name: '재생' }).click();
  // Where the click left the window (it scrolls the button into view): playing moves only the log.
  const scrolled = await viewer.page.evaluate(() => window.scrollY);
  await player.getByText('재원 마련이 현실적으로 어렵습니다', { exact: true }).waitFor();
  await player.getByText('단계적 도입으로 재원 문제를 풀 수 있습니다', { exact: true }).waitFor({ timeout: 15_000 });
  await player.getByText(LONG_URL, { exact: true }).waitFor({ timeout: 15_000 });
  expect(await fitsWidth(viewer.page)).toBe(true);
  expect(await viewer.page.evaluate(() => window.scrollY)).toBe(scrolled);
  // The logs (newest first) under the tabs 토론 / 참관.
  await viewer.page.getByRole('tab', { name: '참관' }).click();
  await viewer.page
    .getByRole('tabpanel', { name: '참관' })
    .getByText('찬성 측 논리가 탄탄하네요', { exact: true })
    .waitFor();

  await Promise.all([pro.context.close(), con.context.close(), viewer.context.close()]);
}

describe('a live debate in three browsers', () => {
  beforeAll(async () => {
    server = await startServer({ env: { DEBATE_TIME_SCALE: SCALE } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'pro, con and an observer play a 1:1 debate with a vote, then replay it',
    () => debateWithVote(server, browser),
    120_000,
  );

  it('a debate without a vote ends in its replay for debaters and observers (STATUS CLOSED)', async () => {
    const [pro, con, viewer] = await Promise.all([
      signIn(browser, server.url, 'minji'),
      signIn(browser, server.url, 'seoyeon', { width: 375, height: 780 }),
      signIn(browser, server.url, 'jiho'),
    ]);
    const title = '공공 와이파이 확대';
    await createRoom(pro.page, title, { resultEnabled: false });
    await enterFromList(viewer.page, title, '참관');
    await enterFromList(pro.page, title, '찬성');
    await enterFromList(con.page, title, '반대');
    await speak(pro.page, '통신비 부담을 덜어 줍니다');
    for (const page of [pro.page, con.page, viewer.page]) {
      await page.getByRole('heading', { name: `${title} · 다시보기` }).waitFor({ timeout: 40_000 });
      await page.getByRole('region', { name: '토론 다시보기' }).waitFor();
      expect(await countText(page, '토론이 완료되었습니다. 지난 토론 내역을 확인해보세요')).toBe(0);
    }
    await pro.page.getByRole('button', { name: '홈으로' }).click();
    await pro.page.waitForURL(/\/main$/);
    await Promise.all([pro.context.close(), con.context.close(), viewer.context.close()]);
  }, 90_000);

  it('a title of the longest kind stays readable in the room bars at 375 px and on one line at 1280 px', async () => {
    const [pro, con] = await Promise.all([
      signIn(browser, server.url, 'minji'),
      signIn(browser, server.url, 'seoyeon', { width: 375, height: 780 }),
    ]);
    // MAX_TITLE_LENGTH characters without a space to break at.
    const title = '초등학교스마트폰사용을법으로전면금지해야하는가를두고벌이는찬';
    await createRoom(pro.page, title);
    await enterFromList(con.page, title, '반대');
    const heading = (page: Page) => page.getByRole('heading', { level: 1, name: title });
    // Whether the title shows whole in its box (neither cut by its lines nor wider than it).
    const whole = (page: Page) =>
      heading(page)
        .getByText(title, { exact: true })
        .evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1);
    // The dark waiting bar gives the title a row of its own on a phone.
    expect(await whole(con.page)).toBe(true);
    expect(await fitsWidth(con.page)).toBe(true);
    await enterFromList(pro.page, title, '찬성');
    await speechBox(con.page).waitFor({ timeout: 20_000 });
    // On a phone the debate's bar shows two lines of it beside its buttons, and the whole of it on a press.
    const toggle = heading(con.page).getByRole('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await whole(con.page)).toBe(true);
    expect(await fitsWidth(con.page)).toBe(true);
    for (const control of [
      con.page.locator('dt', { hasText: 'TIMER' }),
      con.page.getByRole('button', { name: '나가기' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
    }
    // At 1280 px it fits on one line: nothing cut, nothing to press.
    expect(await whole(pro.page)).toBe(true);
    expect(await heading(pro.page).getByRole('button').count()).toBe(0);
    expect((await heading(pro.page).boundingBox())!.height).toBeLessThan(30);
    await Promise.all([pro.context.close(), con.context.close()]);
  }, 60_000);

  it('a report of the longest chat line on a phone: its whole dialog, room title too, can be reached', async () => {
    const phone = { width: 375, height: 667 };
    const [pro, con, writer, reporter] = await Promise.all([
      signIn(browser, server.url, 'minji'),
      signIn(browser, server.url, 'seoyeon'),
      signIn(browser, server.url, 'jiho'),
      signIn(browser, server.url, 'haeun', phone),
    ]);
    const title = '야간 자율학습 폐지';
    await createRoom(pro.page, title);
    await enterFromList(writer.page, title, '참관');
    await enterFromList(reporter.page, title, '참관');
    await enterFromList(pro.page, title, '찬성');
    await enterFromList(con.page, title, '반대');
    const line = '도배'.repeat(250);
    const chat = writer.page.getByRole('textbox', { name: '참관자 채팅 입력' });
    await chat.fill(line);
    await chat.press('Enter');
    await reporter.page.getByRole('tab', { name: '참관' }).click();
    await reporter.page.getByRole('button', { name: '강지호님의 메시지 신고' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: '신고하기' });
    // Its top (title, target, the quoted line) is taller than the phone: scrolled to, it comes into view.
    const reachable = (name: string) =>
      dialog.getByText(name, { exact: true }).evaluate((el) => {
        el.scrollIntoView({ block: 'nearest' });
        const box = el.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
    expect(await reachable('신고하기')).toBe(true);
    expect(await reachable(line)).toBe(true);
    // The room is named by its title, as its page shows it, not by its id.
    expect(await reachable(title)).toBe(true);
    await dialog.getByLabel('도배').check();
    await dialog.getByRole('button', { name: '신고', exact: true }).click();
    await reporter.page.getByText('신고가 접수되었습니다. 검토 후 조치할게요.').waitFor();
    await Promise.all([pro.context.close(), con.context.close(), writer.context.close(), reporter.context.close()]);
  }, 60_000);

  it('the archive address of a room still going on says so and leads to watching it live', async () => {
    const member = await signIn(browser, server.url, 'yuna');
    const roomId = await createRoom(member.page, '도서정가제 폐지');
    await member.page.goto(`/archived-room/${roomId}`);
    await member.page.getByText('아직 진행 중인 토론방입니다. 토론이 끝난 뒤에 다시 볼 수 있어요.').waitFor();
    await member.page.getByRole('button', { name: '참관하러 가기' }).click();
    await member.page.waitForURL(new RegExp(`/observing-zone/${roomId}$`));
    await member.page.getByText('매칭이 끝나면 토론이 시작됩니다').waitFor();
    await member.context.close();
  }, 30_000);

  it('a debater closing the tab hands the other side a walkover', async () => {
    const pro = await signIn(browser, server.url, 'junho');
    const con = await signIn(browser, server.url, 'doyun');
    const title = '주 4일 근무제';
    const roomId = await createRoom(pro.page, title);
    await pro.page.goto(`/debate-zone/${roomId}`);
    // No stance in the navigation state and no seat: the room offers the choice.
    await pro.page.getByRole('button', { name: /^찬성/ }).click();
    await pro.page.getByText('토론자를 매칭하고 있어요').waitFor();
    await enterFromList(con.page, title, '반대');
    await speechBox(con.page).waitFor();
    await con.context.close();
    await pro.page.getByText('한 측의 디베이터가 나갔으므로 결과가 결정되었습니다').waitFor({ timeout: 20_000 });
    await pro.page.getByText('찬성 · 부전승').waitFor();
    await pro.page.getByText('반대 · 부전패').waitFor();
    await pro.page.getByRole('button', { name: '홈으로 돌아가기' }).click();
    await pro.page.waitForURL(/\/main$/);
    // Its replay played to the end says how it ended, not that no turn was left.
    await pro.page.goto(`/archived-room/${roomId}`);
    const player = pro.page.getByRole('region', { name: '토론 다시보기' });
    const position = player.getByRole('slider', { name: '재생 위치' });
    await position.fill(String(await position.getAttribute('max')));
    await player.getByText('디베이터가 나가 조기 종료').waitFor();
    expect(await player.getByText('찬성 부전승').count()).toBe(1);
    expect(await player.getByText('남은 턴').count()).toBe(0);
    await pro.context.close();
  }, 60_000);

  it('나가기 warns of the walkover; Back drops the connection, with its grace, not giving the seat up', async () => {
    const pro = await signIn(browser, server.url, 'junho');
    const con = await signIn(browser, server.url, 'doyun');
    const title = '청소년 SNS 이용 제한';
    await createRoom(pro.page, title);
    await enterFromList(pro.page, title, '찬성');
    await pro.page.getByText('토론자를 매칭하고 있어요').waitFor();
    await enterFromList(con.page, title, '반대');
    await speechBox(con.page).waitFor();
    // 나가기 asks first and says what leaving would cost; 취소 keeps the seat.
    await con.page.getByRole('button', { name: '나가기' }).click();
    const ask = con.page.getByRole('dialog');
    await ask.getByText('지금 나가면 부전패로 처리됩니다.', { exact: false }).waitFor();
    await ask.getByRole('button', { name: '취소' }).click();
    await speechBox(con.page).waitFor();
    await con.page.goBack();
    await con.page.waitForURL(/\/debate-rooms$/);
    // Told as a dropped connection first (a leave would be announced as 나갔습니다 at once), then the
    // walkover once the grace has run out.
    await pro.page.getByText('최도윤님의 연결이 끊겼습니다. 잠시 기다립니다.').waitFor();
    await pro.page.getByText('한 측의 디베이터가 나갔으므로 결과가 결정되었습니다').waitFor({ timeout: 20_000 });
    await Promise.all([pro.context.close(), con.context.close()]);
  }, 60_000);

  it('a dropped connection shows the banner, reconnects and resumes without duplicates', async () => {
    const pro = await signIn(browser, server.url, 'haeun');
    const con = await signIn(browser, server.url, 'yuna');
    const title = '원격 수업 확대';
    const roomId = await createRoom(pro.page, title, { time: 'T6' }); // 6 s turns at this scale
    await pro.page.goto(`/debate-zone/${roomId}`, {});
    await pro.page.evaluate(() => history.replaceState({ stance: 'PRO' }, ''));
    await pro.page.reload();
    await pro.page.getByText('토론자를 매칭하고 있어요').waitFor();
    await enterFromList(con.page, title, '반대');

    await speak(pro.page, '원격 수업은 교육 격차를 줄입니다');
    // The network drops on the con side while pro is still speaking; pro says more meanwhile.
    await con.context.setOffline(true);
    await con.page.getByText('연결이 끊겼어요. 다시 연결하는 중…').waitFor();
    await speechBox(pro.page).fill('지역과 상관없이 좋은 강의를 듣습니다');
    await speechBox(pro.page).press('Enter');
    await pro.page.getByText('지역과 상관없이 좋은 강의를 듣습니다', { exact: true }).waitFor();
    await con.context.setOffline(false);
    await con.page.getByText('연결이 끊겼어요. 다시 연결하는 중…').waitFor({ state: 'detached' });
    await con.page.getByText('지역과 상관없이 좋은 강의를 듣습니다', { exact: true }).waitFor();
    // Con kept the seat (reconnected within the grace) and can speak on its turn.
    await speak(con.page, '대면 수업의 상호작용을 대신할 수 없습니다');
    await pro.page.getByText('대면 수업의 상호작용을 대신할 수 없습니다', { exact: true }).waitFor();
    for (const text of [
      '원격 수업은 교육 격차를 줄입니다',
      '지역과 상관없이 좋은 강의를 듣습니다',
      '대면 수업의 상호작용을 대신할 수 없습니다',
    ]) {
      expect(await countText(con.page, text)).toBe(1);
    }
    await Promise.all([pro.context.close(), con.context.close()]);
  }, 90_000);
});

// The same debate with the server on PostgreSQL: the room actor's appends, the live fan-out and the replay.
describe('a live debate in three browsers on PostgreSQL', () => {
  let pgServer: RunningServer;
  let pgBrowser: Browser;
  beforeAll(async () => {
    pgServer = await startServer({ env: { DEBATE_TIME_SCALE: SCALE }, engine: 'postgres' });
    pgBrowser = await launchBrowser();
  });
  afterAll(async () => {
    await pgBrowser?.close();
    await pgServer?.stop();
  });

  it(
    'pro, con and an observer play a 1:1 debate with a vote, then replay it',
    () => debateWithVote(pgServer, pgBrowser),
    120_000,
  );
});
