import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Guard } from '../../src/app/Guard';
import { SignupPage } from '../../src/features/auth/SignupPage';
import { clearAuth, setNewUser, setTokens } from '../../src/lib/auth-store';
import { routes } from '../../src/lib/routes';
import { clearUser, setUser } from '../../src/lib/user-store';
import { fakeApi } from '../support/fake-api';

// A new member finishes sign-up on the real form (the guard around it, as in the app) over a fake
// API, and lands on the page carried in the sign-up address, only when it is one of this app's pages.
const ME = 9;
const ROOM = '/observing-zone/4b1c7e0a-1d2f-4c55-9a0e-3f1d2c4b5a69';
const created = () => new Response(JSON.stringify({ status: '성공', message: null, data: null }), { status: 201 });

beforeEach(() => {
  let nickname = 'GOOGLE_123';
  fakeApi(({ method, path }) => {
    if (method === 'POST' && path === '/api/auth/nickname-confirm') return created();
    if (method === 'POST' && path === '/api/auth/signup') {
      nickname = '새내기';
      return created();
    }
    if (path === '/api/users/userInfo') return { id: ME, nickname, profileUrl: null, role: 'ROLE_MEMBER' };
    return null;
  });
  setTokens('access', 'refresh');
  setNewUser(true);
  setUser({ userId: ME, nickname: 'GOOGLE_123', role: 'ROLE_GUEST' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
  clearUser();
});

/** Opens `address`, fills the form, confirms, and returns where the member ended. */
async function signUpAt(address: string): Promise<string | undefined> {
  const memory = memoryLocation({ path: address, record: true });
  render(
    <Router hook={memory.hook}>
      <Route path={routes.signup.pattern}>
        <Guard access={routes.signup.access}>
          <SignupPage />
        </Guard>
      </Route>
    </Router>,
  );
  fireEvent.change(screen.getByLabelText('닉네임'), { target: { value: '새내기' } });
  fireEvent.change(screen.getByLabelText('한 줄 소개'), { target: { value: '반갑습니다' } });
  fireEvent.click(await screen.findByRole('button', { name: '완료' }, { timeout: 3_000 }));
  fireEvent.click(await screen.findByRole('button', { name: '확인' }));
  await waitFor(() => expect(memory.history.at(-1)).not.toBe(address));
  return memory.history.at(-1);
}

describe('where sign-up leads', () => {
  it('to the page the new member was going to, carried in the sign-up address', async () => {
    expect(await signUpAt(`/signup/${ME}?next=${encodeURIComponent(ROOM)}`)).toBe(ROOM);
  });

  it('to /main without a destination', async () => {
    expect(await signUpAt(`/signup/${ME}`)).toBe('/main');
  });

  it.each(['//evil.example/news/1', 'https://evil.example/', '/\\evil.example', '/login'])(
    'never to another origin or a page that is not a member page (%s)',
    async (next) => {
      expect(await signUpAt(`/signup/${ME}?next=${encodeURIComponent(next)}`)).toBe('/main');
    },
  );
});
