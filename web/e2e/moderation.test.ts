// @vitest-environment node
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { signIn } from './support/sign-in';

// Moderation end to end: a member reports another from a profile, an admin processes it, the reported
// member sees the notification (badge and panel, live), the admin restores it; axe and screenshots.
// Screenshots for a human look (375 and 1280 px), outside the repository.
const shots = process.env.E2E_SCREENSHOTS ?? path.join(tmpdir(), 'toron-e2e-shots');
let server: RunningServer;
let browser: Browser;

const signedIn = (key: string, width = 1280) => signIn(browser, server.url, key, { width });

const expectClean = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

describe('reports, moderation and notifications in the browser', () => {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('report → process → notification → restore', async () => {
    const target = await signedIn('seoyeon');
    const reporter = await signedIn('minji');
    const admin = await signedIn('admin');

    // The member reports another from the profile page.
    await reporter.page.goto(`/user-page/${target.userId}`);
    await reporter.page.getByRole('button', { name: '박서연님 신고' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: '신고하기' });
    const confirm = dialog.getByRole('button', { name: '신고', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('욕설/인신공격').check();
    await dialog.getByLabel('스팸/광고').check();
    expect(await dialog.getByLabel('욕설/인신공격').isChecked()).toBe(false);
    await dialog.getByLabel('욕설/인신공격').check();
    await dialog.getByLabel('자세한 내용 (선택)').fill('프로필 소개에 욕설이 있어요');
    await confirm.click();
    await reporter.page.getByText('신고가 접수되었습니다. 검토 후 조치할게요.').waitFor();

    // The reported member has the app open; no badge yet.
    await target.page.goto('/news');
    const bell = target.page.getByRole('button', { name: /^알림/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('알림');

    // The admin processes it (default WARNING).
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: '신고 목록' }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: '박서연' });
    await row.waitFor();
    await expectClean(admin.page);
    await admin.page.screenshot({ path: path.join(shots, 'admin-1280.png'), fullPage: true });
    await row.click();
    const check = admin.page.getByRole('dialog', { name: '신고 확인' });
    await check.getByText('프로필 소개에 욕설이 있어요').waitFor();
    expect(await check.getByRole('link', { name: /프로필/ }).getAttribute('target')).toBe('_blank');
    await check.getByRole('button', { name: '취소' }).click();
    await row.getByRole('button', { name: '박서연 신고 처리' }).click();
    const processing = admin.page.getByRole('dialog', { name: '신고 처리' });
    expect(await processing.getByLabel('경고').isChecked()).toBe(true);
    await expectClean(admin.page);
    await processing.getByLabel('처리 사유').fill('욕설 확인, 1차 경고');
    await processing.getByRole('button', { name: '완료' }).click();
    await admin.page.getByText('신고를 처리했습니다.').waitFor();

    // The reported member sees it live: badge, then the panel.
    await target.page.getByRole('button', { name: '알림, 읽지 않은 알림 1' }).waitFor();
    await bell.click();
    const panel = target.page.getByRole('dialog', { name: '알림' });
    await panel.getByText("'욕설/인신공격' 사유로 운영자에게 '경고' 처분을 받았습니다.").waitFor();
    await panel.getByRole('heading', { name: '브라우저별 알림 권한 재설정 방법' }).waitFor();
    await expectClean(target.page);
    await target.page.screenshot({ path: path.join(shots, 'panel-1280.png') });
    await target.page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await bell.click();
    await panel.waitFor();
    await target.page.mouse.click(20, 600);
    await panel.waitFor({ state: 'detached' });

    // The admin restores it: back to the first tab.
    await admin.page.getByRole('tab', { name: '처리 완료' }).click();
    const done = admin.page.getByRole('row').filter({ hasText: '박서연' });
    await done.getByText('경고').waitFor();
    await done.click();
    const recover = admin.page.getByRole('dialog', { name: '처리 내역' });
    await recover.getByText('욕설 확인, 1차 경고').waitFor();
    await recover.getByRole('button', { name: '복구' }).click();
    await admin.page.getByText('신고를 미처리 상태로 복구했습니다.').waitFor();
    await admin.page.getByText('신고 내역이 없습니다').waitFor();
    await admin.page.getByRole('tab', { name: '미처리' }).click();
    await admin.page.getByRole('row').filter({ hasText: '박서연' }).waitFor();

    for (const c of [target, reporter, admin]) await c.context.close();
  }, 120_000);

  it('a ban logs the member out at once and says why', async () => {
    const target = await signedIn('jiho');
    const reporter = await signedIn('junho');
    const admin = await signedIn('admin');

    await reporter.page.goto(`/user-page/${target.userId}`);
    await reporter.page.getByRole('button', { name: '강지호님 신고' }).click();
    const dialog = reporter.page.getByRole('dialog', { name: '신고하기' });
    await dialog.getByLabel('개인정보 노출').check();
    await dialog.getByRole('button', { name: '신고', exact: true }).click();
    await reporter.page.getByText('신고가 접수되었습니다. 검토 후 조치할게요.').waitFor();

    await target.page.goto('/news');
    await target.page.getByRole('button', { name: /^알림/ }).waitFor();

    await admin.page.goto('/admin');
    const row = admin.page.getByRole('row').filter({ hasText: '강지호' });
    await row.getByRole('button', { name: '강지호 신고 처리' }).click();
    const processing = admin.page.getByRole('dialog', { name: '신고 처리' });
    await processing.getByLabel('영구정지').check();
    await processing.getByLabel('처리 사유').fill('개인정보 유출');
    await processing.getByRole('button', { name: '완료' }).click();
    await admin.page.getByText('신고를 처리했습니다.').waitFor();

    // The member's next call is refused with 401: the app signs out and shows the reason.
    await target.page.getByRole('link', { name: '토론자', exact: true }).first().click();
    await target.page.waitForURL((url) => url.pathname === '/');
    await target.page.getByText('영구 정지된 계정입니다. 서비스를 이용할 수 없습니다.').waitFor();
    expect(
      await target.page.evaluate(() => JSON.parse(localStorage.getItem('auth-store') ?? 'null')?.state?.accessToken),
    ).toBeNull();

    for (const c of [target, reporter, admin]) await c.context.close();
  }, 120_000);

  it('looks right at 375 px: the admin list and the open panel', async () => {
    const admin = await signedIn('admin', 375);
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { name: '신고 목록' }).waitFor();
    await admin.page.getByRole('listitem').filter({ hasText: '박서연' }).first().waitFor();
    await expectClean(admin.page);
    await admin.page.screenshot({ path: path.join(shots, 'admin-375.png'), fullPage: true });
    const member = await signedIn('seoyeon', 375);
    await member.page.getByRole('button', { name: /^알림/ }).click();
    await member.page
      .getByRole('dialog', { name: '알림' })
      .getByText(/처분을 받았습니다/)
      .waitFor();
    await expectClean(member.page);
    await member.page.screenshot({ path: path.join(shots, 'panel-375.png') });
    await admin.context.close();
    await member.context.close();
  }, 120_000);
});
