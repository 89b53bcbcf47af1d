import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { Guard } from '../src/app/Guard';
import { routes } from '../src/lib/routes';
import { $auth, clearAuth, setNewUser, setTokens } from '../src/lib/auth-store';
import { clearUser, setUser } from '../src/lib/user-store';

afterEach(() => {
  cleanup();
  clearAuth();
  clearUser();
});

function visit(path: string, access: (typeof routes)[keyof typeof routes]['access']) {
  const memory = memoryLocation({ path, record: true });
  render(
    <Router hook={memory.hook}>
      <Guard access={access}>
        <p>화면 내용</p>
      </Guard>
    </Router>,
  );
  return memory;
}

describe('Guard component', () => {
  it('sends an anonymous visitor of a signed-in page to /, carrying the page to return to', () => {
    const memory = visit('/main', routes.main.access);
    expect(screen.queryByText('화면 내용')).toBeNull();
    expect(memory.history.at(-1)).toBe('/?next=%2Fmain');
    cleanup();
    expect(visit('/news?continent=KR', routes.news.access).history.at(-1)).toBe('/?next=%2Fnews%3Fcontinent%3DKR');
  });

  it('shows the page to a signed-in member and sends them away from /login', () => {
    setTokens('a', 'r');
    setUser({ userId: 3, role: 'ROLE_MEMBER' });
    visit('/main', routes.main.access);
    expect(screen.getByText('화면 내용')).toBeTruthy();
    cleanup();
    const memory = visit('/login', routes.login.access);
    expect(memory.history.at(-1)).toBe('/main');
  });

  it('sends a new user from /login to their sign-up page', () => {
    setTokens('a', 'r');
    setNewUser(true);
    setUser({ userId: 8, role: 'ROLE_GUEST' });
    const memory = visit('/login', routes.login.access);
    expect(memory.history.at(-1)).toBe('/signup/8');
  });

  it('reacts when the session ends while a page is open (any 401)', () => {
    setTokens('a', 'r');
    setUser({ userId: 3, role: 'ROLE_MEMBER' });
    const memory = visit('/user-page/3', routes.userPage.access);
    expect(screen.getByText('화면 내용')).toBeTruthy();
    act(() => clearAuth());
    expect(memory.history.at(-1)).toBe('/?next=%2Fuser-page%2F3');
  });

  it('persists the session in the zustand-compatible shape', () => {
    setTokens('acc', 'ref');
    expect(JSON.parse(localStorage.getItem('auth-store') ?? '{}')).toEqual({
      state: { accessToken: 'acc', refreshToken: 'ref', isNewUser: false },
      version: 0,
    });
    expect($auth.get().accessToken).toBe('acc');
  });

  it('keeps non-admins out of /admin', () => {
    setTokens('a', 'r');
    setUser({ userId: 3, role: 'ROLE_MEMBER' });
    expect(visit('/admin', routes.admin.access).history.at(-1)).toBe('/main');
  });
});
