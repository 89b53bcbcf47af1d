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
let refuseNickname: Response | null;
let seen: SeenRequest[];

beforeEach(() => {
  nickname = '원래이름';
  refuseNickname = null;
  seen = fakeApi(({ method, path }) => {
    if (path === `/api/users/${ME}`) return { id: ME, nickname, introduction: '소개', winNumber: 0 };
    if (method === 'PUT' && path === `/api/users/mypage/${ME}`) {
      if (refuseNickname) return refuseNickname;
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

function showForm(client = createQueryClient()) {
  const memory = memoryLocation({ path: '/profile-update', record: true });
  render(
    <Router hook={memory.hook}>
      <ProfileUpdatePage />
    </Router>,
    { wrapper: freshCache(client) },
  );
  return memory;
}

/** The field's error as a screen reader meets it: the field marked invalid, described by the message, focused. */
function expectFieldError(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const notes = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
  expect(notes.map((note) => note?.textContent)).toContain(message);
  expect(document.activeElement).toBe(field);
}

describe('profile edit', () => {
  it('an emptied field is marked, described by why and focused', async () => {
    showForm();
    const name = await screen.findByLabelText('닉네임');
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expectFieldError(name, '닉네임을 입력해주세요.'));
    fireEvent.change(name, { target: { value: '원래이름' } });
    const intro = screen.getByLabelText('한 줄 소개');
    fireEvent.change(intro, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expectFieldError(intro, '한 줄 소개를 입력해주세요.'));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(lines(seen)).not.toContain(`PUT /api/users/mypage/${ME}`);
  });

  it('a nickname the server refuses is marked on the nickname field with the server’s words', async () => {
    const taken = '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.';
    refuseNickname = new Response(JSON.stringify({ status: '오류', message: taken, code: 'DUPLICATE_NICKNAME' }), {
      status: 400,
    });
    showForm();
    const name = await screen.findByLabelText('닉네임');
    fireEvent.change(name, { target: { value: '김민지' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expectFieldError(name, taken));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([taken]);
  });

  it('saves, rereads my profile and header user, marks ranking, my nickname and my follow lists stale', async () => {
    const client = seeded();
    const memory = showForm(client);
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
