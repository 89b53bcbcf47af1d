import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ProfileUpdatePage } from '../../src/features/user-page/ProfileUpdatePage';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { createQueryClient, queryKeys, type QueryClient } from '../../src/lib/server-data';
import { $user, clearUser, setUser } from '../../src/lib/user-store';
import { fakeApi, lines, type SeenRequest } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// Editing my profile on the real form over a fake API: what shows my name, picture or introduction
// is marked stale (or read again when on screen); lists I am not in stay as they are.
const ME = 1;
let nickname = '원래이름';
let seen: SeenRequest[];

beforeEach(() => {
  nickname = '원래이름';
  seen = fakeApi(({ method, path }) => {
    if (path === `/api/users/${ME}`) return { id: ME, nickname, introduction: '소개', winNumber: 0 };
    if (method === 'PUT' && path === `/api/users/mypage/${ME}`) {
      nickname = '새이름';
      return { role: 'ROLE_MEMBER' };
    }
    if (path === '/api/users/userInfo') return { id: ME, nickname, profileUrl: null, role: 'ROLE_MEMBER' };
    return null;
  });
  setTokens('access', 'refresh');
  setUser({ userId: ME, nickname: '원래이름', role: 'ROLE_MEMBER' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
  clearUser();
});

const entry = (userId: number) => ({ userId, nickname: `사용자${userId}`, profile: null, introduction: null });

function seeded(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(queryKeys.users.nickname(ME), '원래이름');
  client.setQueryData(queryKeys.ranking.search(''), []);
  client.setQueryData(queryKeys.ranking.search('원래'), []);
  client.setQueryData(queryKeys.users.followers(5), [entry(ME)]);
  client.setQueryData(queryKeys.users.followees(7), [entry(9), entry(ME)]);
  client.setQueryData(queryKeys.users.followers(6), [entry(9)]);
  client.setQueryData(queryKeys.users.profile(6), { id: 6 });
  client.setQueryData(queryKeys.news.detail(7, ME), { id: 7 });
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('profile edit', () => {
  it('saves, rereads my profile and header user, marks ranking, my nickname and my follow lists stale', async () => {
    const client = seeded();
    const memory = memoryLocation({ path: '/profile-update', record: true });
    render(
      <Router hook={memory.hook}>
        <ProfileUpdatePage />
      </Router>,
      { wrapper: freshCache(client) },
    );
    const name = await screen.findByLabelText('닉네임');
    fireEvent.change(name, { target: { value: '새이름' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(memory.history.at(-1)).toBe(`/user-page/${ME}`));

    expect(lines(seen).sort()).toEqual([
      `GET /api/users/${ME}`,
      `GET /api/users/${ME}`,
      'GET /api/users/userInfo',
      `PUT /api/users/mypage/${ME}`,
    ]);
    expect(client.getQueryData(queryKeys.users.profile(ME))).toMatchObject({ nickname: '새이름' });
    expect($user.get().nickname).toBe('새이름');
    for (const key of [
      queryKeys.users.nickname(ME),
      queryKeys.ranking.search(''),
      queryKeys.ranking.search('원래'),
      queryKeys.users.followers(5),
      queryKeys.users.followees(7),
    ]) {
      expect(stale(client, key), JSON.stringify(key)).toBe(true);
    }
    for (const key of [queryKeys.users.followers(6), queryKeys.users.profile(6), queryKeys.news.detail(7, ME)]) {
      expect(stale(client, key), JSON.stringify(key)).toBe(false);
    }
  });
});
