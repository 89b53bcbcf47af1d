import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/lib/return-path';
import { paths } from '../src/lib/routes';

describe('the return path after sign-in (no open redirect)', () => {
  it('keeps paths of member pages, with their query and fragment', () => {
    expect(safeReturnPath('/archived-room/4b1c7e0a-1d2f-4c55-9a0e-3f1d2c4b5a69')).toBe(
      '/archived-room/4b1c7e0a-1d2f-4c55-9a0e-3f1d2c4b5a69',
    );
    expect(safeReturnPath('/debate-rooms')).toBe('/debate-rooms');
    expect(safeReturnPath('/news/12')).toBe('/news/12');
    expect(safeReturnPath('/news?continent=KR&sort=POPULAR')).toBe('/news?continent=KR&sort=POPULAR');
    expect(safeReturnPath('/user-page/3#follow')).toBe('/user-page/3#follow');
    expect(safeReturnPath('/admin')).toBe('/admin');
  });

  it('refuses anything that leaves this origin', () => {
    for (const raw of [
      '//evil.example/news/1',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https://evil.example/news/1',
      'http:/evil.example',
      'javascript:alert(1)',
      'data:text/html,hi',
      ' /news/1',
      'news/1',
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
  });

  it('refuses unknown paths, sign-in pages, the landing and overlong values', () => {
    for (const raw of ['/', '/login', '/signup/3', '/login/oauth2/callback/google', '/not-found', '/nowhere', '']) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(`/news?q=${'가'.repeat(600)}`)).toBeNull();
  });

  it('the landing and login addresses carry it as next', () => {
    expect(paths.landing('/news/12')).toBe('/?next=%2Fnews%2F12');
    expect(paths.login('/debate-rooms')).toBe('/login?next=%2Fdebate-rooms');
    expect(paths.login(null)).toBe('/login');
    expect(paths.signup(9, '/news/12')).toBe('/signup/9?next=%2Fnews%2F12');
    expect(paths.signup(9)).toBe('/signup/9');
  });
});
