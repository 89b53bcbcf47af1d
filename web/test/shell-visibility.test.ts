import { describe, expect, it } from 'vitest';
import { shellVisibility } from '../src/app/shell-visibility';
import { matchRouteKey, paths } from '../src/lib/routes';

describe('header and footer visibility (docs/product-rules.md#screens-and-guards)', () => {
  it('hides both on the room, sign-in and sign-up paths', () => {
    for (const path of [
      '/debate-zone/abc',
      '/debate-zone/new-debate',
      '/observing-zone/abc',
      '/login',
      '/login/oauth2/callback/google',
      '/signup/3',
      '/oauth/callback',
      '/debate-zone',
    ]) {
      expect(shellVisibility(path, true), path).toEqual({ header: 'hidden', footer: false });
    }
  });

  it('hides both on unknown paths and on the not-found page itself', () => {
    expect(shellVisibility('/no-such-page', true)).toEqual({ header: 'hidden', footer: false });
    expect(shellVisibility('/not-found', true)).toEqual(shellVisibility('/no-such-page', true));
    expect(shellVisibility('/not-found', false)).toEqual(shellVisibility('/no-such-page', false));
    expect(shellVisibility('/user-page/1/extra', true)).toEqual({ header: 'hidden', footer: false });
  });

  it('uses the landing variant on / and the normal one elsewhere for a signed-in user', () => {
    expect(shellVisibility('/', false)).toEqual({ header: 'landing', footer: true });
    expect(shellVisibility('/', true)).toEqual({ header: 'landing', footer: true });
    expect(shellVisibility('/main', true)).toEqual({ header: 'normal', footer: true });
    expect(shellVisibility('/user-page/4', true)).toEqual({ header: 'normal', footer: true });
  });
});

describe('route table', () => {
  it('matches literal paths before parameters and builds hrefs that match back', () => {
    expect(matchRouteKey('/debate-zone/new-debate')).toBe('newDebate');
    expect(matchRouteKey(paths.debateZone('0b7c-uuid'))).toBe('debateZone');
    expect(matchRouteKey(paths.userPage(12))).toBe('userPage');
    expect(matchRouteKey(paths.oauthCallback('kakao'))).toBe('oauthCallback');
    expect(matchRouteKey('/nope')).toBeNull();
    expect(paths.news('all')).toBe('/news?continent=all');
    expect(paths.newDebate(5)).toBe('/debate-zone/new-debate?id=5');
  });
});
