import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportModal } from '../../src/features/admin/ReportModal';
import { ReportDialog } from '../../src/features/reports/ReportDialog';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { clearUser, setUser } from '../../src/lib/user-store';
import { fakeApi } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// The member's report dialog chooses its one reason the way the staff's modal chooses its one
// action: a group of radio buttons, not checkboxes that pretend to be exclusive.
beforeEach(() => {
  fakeApi(({ path }) =>
    path === '/api/admin/reports/1'
      ? {
          id: 1,
          nickname: '신고자',
          targetNickname: '대상',
          reportType: '도배',
          reportResult: '미처리',
          status: '미처리',
          createdAt: '2026-11-21 15:05',
          targetType: 'PROFILE',
          targetRoomId: null,
          targetUserId: 11,
          content: '도배합니다',
          reportContent: null,
        }
      : null,
  );
  setTokens('access', 'refresh');
  setUser({ userId: 5, nickname: '회원', role: 'ROLE_MEMBER' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
  clearUser();
});

const radios = (group: HTMLElement) => within(group).getAllByRole<HTMLInputElement>('radio');

describe('the user report dialog', () => {
  it('offers the six reasons as one radio group, like the staff modal; another choice replaces it', async () => {
    render(
      <ReportDialog
        target={{ targetUserId: 11, nickname: '대상', targetType: 'PROFILE', targetRoomId: null }}
        onClose={() => {}}
      />,
      { wrapper: freshCache() },
    );
    const reasons = screen.getByRole('group', { name: '신고 사유' });
    expect(within(reasons).queryAllByRole('checkbox')).toHaveLength(0);
    expect(radios(reasons).map((r) => r.labels?.[0]?.textContent)).toEqual([
      '음란성/선정성',
      '스팸/광고',
      '욕설/인신공격',
      '도배',
      '개인정보 노출',
      '사유 없는 탈주',
    ]);
    expect(screen.getByRole('button', { name: '신고' })).toHaveProperty('disabled', true);
    fireEvent.click(within(reasons).getByRole('radio', { name: '도배' }));
    fireEvent.click(within(reasons).getByRole('radio', { name: '스팸/광고' }));
    expect(
      radios(reasons)
        .filter((r) => r.checked)
        .map((r) => r.value),
    ).toEqual(['SPAM']);
    expect(screen.getByRole('button', { name: '신고' })).toHaveProperty('disabled', false);
    const reasonCard = radios(reasons)[0]!.closest('label')!.className;
    cleanup();

    // The staff's process modal: the same control, the same markup around each choice.
    setUser({ userId: 99, nickname: '운영자', role: 'ROLE_ADMIN' });
    render(<ReportModal request={{ id: 1, mode: 'process' }} onClose={() => {}} />, { wrapper: freshCache() });
    const actions = await screen.findByRole('group', { name: '처리 옵션' });
    expect(radios(actions).map((r) => r.value)).toEqual(['WARNING', 'SUSPENSION', 'BAN', 'NONE']);
    expect(radios(actions)[0]!.closest('label')!.className).toBe(reasonCard);
  });
});
