import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminPage } from '../../src/features/admin/AdminPage';
import { ReportDialog } from '../../src/features/reports/ReportDialog';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { createQueryClient, queryKeys, type QueryClient } from '../../src/lib/server-data';
import { clearUser, setUser } from '../../src/lib/user-store';
import { fakeApi, lines, type SeenRequest } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// Staff actions and new reports over a fake API: the report lists and the report itself are read
// again or marked stale; other reports and other data stay as they are.
const ADMIN = 99;
const reports = new Map<number, { status: string; reportResult: string }>();
let seen: SeenRequest[];

const row = (id: number) => ({
  id,
  nickname: '신고자',
  targetNickname: `대상${id}`,
  reportType: '도배',
  reportTypeCode: 'FLOODING',
  createdAt: '2026-11-21 15:05',
  ...reports.get(id)!,
});

beforeEach(() => {
  reports.set(1, { status: '미처리', reportResult: '미처리' });
  reports.set(2, { status: '미처리', reportResult: '미처리' });
  seen = fakeApi(({ method, path }) => {
    if (path === '/api/admin/reports') return { content: [...reports.keys()].map(row) };
    if (path === '/api/admin/nickname-collisions') return { collisions: [] };
    if (path === '/api/users/staff') return { staffIds: [] };
    const one = path.match(/^\/api\/admin\/reports\/(\d+)$/);
    if (one && method === 'GET') {
      const id = Number(one[1]);
      return {
        ...row(id),
        targetType: 'PROFILE',
        targetRoomId: null,
        targetUserId: 10 + id,
        content: '도배합니다',
        reportContent: null,
      };
    }
    if (one && method === 'PUT') reports.set(Number(one[1]), { status: '처리 완료', reportResult: '경고' });
    return null;
  });
  setTokens('access', 'refresh');
  setUser({ userId: ADMIN, nickname: '운영자', role: 'ROLE_ADMIN' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
  clearUser();
});
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('staff actions', () => {
  it('processing reloads the list on screen, marks that report and other searches stale, no other', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.admin.reportList('대상'), []);
    client.setQueryData(queryKeys.admin.report(2), row(2));
    client.setQueryData(queryKeys.users.profile(11), { id: 11 });
    client.setQueryData(queryKeys.users.staff(), new Set<number>());
    render(<AdminPage />, { wrapper: freshCache(client) });
    fireEvent.click((await screen.findAllByRole('button', { name: '대상1 신고 처리' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: '신고 처리' });
    await within(dialog).findByText('도배합니다');
    // A sanction needs a reason before it can be completed; 처리없음 does not.
    const done = within(dialog).getByRole('button', { name: '완료' });
    expect(done).toHaveProperty('disabled', true);
    within(dialog).getByText('경고·일시정지·영구정지는 처리 사유를 입력해야 완료할 수 있어요.');
    fireEvent.click(within(dialog).getByLabelText('처리없음'));
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(within(dialog).getByLabelText('경고'));
    fireEvent.change(within(dialog).getByLabelText('처리 사유'), { target: { value: '도배 반복' } });
    expect(done).toHaveProperty('disabled', false);
    fireEvent.click(done);

    await waitFor(() => expect(screen.queryAllByRole('button', { name: '대상1 신고 처리' })).toHaveLength(0));
    expect(screen.queryByRole('dialog')).toBeNull();
    // The page also asks once for the look-alike nicknames, beside the reports (order not fixed).
    expect(lines(seen).filter((line) => line === 'GET /api/admin/nickname-collisions')).toHaveLength(1);
    expect(lines(seen).filter((line) => line !== 'GET /api/admin/nickname-collisions')).toEqual([
      'GET /api/admin/reports',
      'GET /api/admin/reports/1',
      'PUT /api/admin/reports/1',
      'GET /api/admin/reports',
    ]);
    expect(stale(client, queryKeys.admin.report(1))).toBe(true);
    expect(stale(client, queryKeys.admin.reportList('대상'))).toBe(true);
    expect(stale(client, queryKeys.admin.report(2))).toBe(false);
    expect(stale(client, queryKeys.users.profile(11))).toBe(false);
  });

  it('a new report marks the staff’s report lists stale and nothing else', async () => {
    const client = createQueryClient();
    client.setQueryData(queryKeys.admin.reportList(''), []);
    client.setQueryData(queryKeys.admin.reportList('대상'), []);
    client.setQueryData(queryKeys.admin.report(1), row(1));
    client.setQueryData(queryKeys.users.profile(11), { id: 11 });
    client.setQueryData(queryKeys.users.staff(), new Set<number>());
    render(
      <ReportDialog
        target={{ targetUserId: 11, nickname: '대상1', targetType: 'PROFILE', targetRoomId: null }}
        onClose={() => {}}
      />,
      { wrapper: freshCache(client) },
    );
    fireEvent.click(screen.getByRole('radio', { name: '도배' }));
    fireEvent.click(screen.getByRole('button', { name: '신고' }));
    await waitFor(() => expect(stale(client, queryKeys.admin.reportList(''))).toBe(true));
    expect(lines(seen)).toEqual(['POST /api/report']);
    expect(stale(client, queryKeys.admin.reportList('대상'))).toBe(true);
    expect(stale(client, queryKeys.admin.report(1))).toBe(false);
    expect(stale(client, queryKeys.users.profile(11))).toBe(false);
  });
});
