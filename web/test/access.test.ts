import { describe, expect, it } from 'vitest';
import { redirectFor, type SessionView } from '../src/app/access';
import { routes } from '../src/lib/routes';

const anonymous: SessionView = { signedIn: false, isNewUser: false, userId: null, role: '', returnTo: null };
const member: SessionView = { signedIn: true, isNewUser: false, userId: 7, role: 'ROLE_MEMBER', returnTo: null };
const newcomer: SessionView = { signedIn: true, isNewUser: true, userId: 9, role: 'ROLE_GUEST', returnTo: null };
const admin: SessionView = { signedIn: true, isNewUser: false, userId: 1, role: 'ROLE_ADMIN', returnTo: null };

describe('route guards (docs/product-rules.md#screens-and-guards)', () => {
  it('guest-only routes send a signed-in user to /main, or to sign-up when flagged new', () => {
    expect(redirectFor(routes.login.access, anonymous)).toBeNull();
    expect(redirectFor(routes.login.access, member)).toBe('/main');
    expect(redirectFor(routes.oauthCallback.access, member)).toBe('/main');
    expect(redirectFor(routes.login.access, newcomer)).toBe('/signup/9');
  });

  it('signed-in routes send a visitor without an access token to /', () => {
    for (const key of [
      'main',
      'news',
      'userPage',
      'profileUpdate',
      'debateZone',
      'observingZone',
      'archivedRoom',
    ] as const) {
      expect(redirectFor(routes[key].access, anonymous)).toBe('/');
      expect(redirectFor(routes[key].access, member)).toBeNull();
    }
  });

  it('keeps a new user on sign-up until it is finished', () => {
    expect(redirectFor(routes.signup.access, newcomer)).toBeNull();
    expect(redirectFor(routes.main.access, newcomer)).toBe('/signup/9');
    expect(redirectFor(routes.signup.access, member)).toBe('/main');
    expect(redirectFor(routes.signup.access, anonymous)).toBe('/');
  });

  it('/admin sends other signed-in users to /main and anonymous visitors to /', () => {
    expect(redirectFor(routes.admin.access, admin)).toBeNull();
    expect(redirectFor(routes.admin.access, member)).toBe('/main');
    expect(redirectFor(routes.admin.access, anonymous)).toBe('/');
  });

  it('lets anyone see the landing and not-found pages', () => {
    for (const session of [anonymous, member, newcomer, admin]) {
      expect(redirectFor(routes.landing.access, session)).toBeNull();
      expect(redirectFor(routes.notFound.access, session)).toBeNull();
    }
  });

  it('a signed-out visitor of a member page is sent to / with the page as next', () => {
    expect(redirectFor(routes.archivedRoom.access, anonymous, '/archived-room/abc')).toBe(
      '/?next=%2Farchived-room%2Fabc',
    );
    expect(redirectFor(routes.news.access, anonymous, '/news?continent=KR')).toBe('/?next=%2Fnews%3Fcontinent%3DKR');
    expect(redirectFor(routes.admin.access, anonymous, '/admin')).toBe('/?next=%2Fadmin');
    // Sign-up and the landing page itself are never a place to return to.
    expect(redirectFor(routes.signup.access, anonymous, '/signup/9')).toBe('/');
  });

  it('during a sign-in with a destination, the guest and sign-up pages lead there instead of /main', () => {
    const arriving = { ...member, returnTo: '/news/12' };
    expect(redirectFor(routes.oauthCallback.access, arriving)).toBe('/news/12');
    expect(redirectFor(routes.signup.access, arriving)).toBe('/news/12');
    // A new user finishes sign-up first, the destination carried in its address.
    expect(redirectFor(routes.oauthCallback.access, { ...newcomer, returnTo: '/news/12' })).toBe(
      '/signup/9?next=%2Fnews%2F12',
    );
  });

  it('sign-up leads to the member page its address carries, only when it is one', () => {
    expect(redirectFor(routes.signup.access, member, '/signup/9?next=%2Fnews%2F12')).toBe('/news/12');
    for (const next of ['//evil.example/news/1', 'https://evil.example/', '/\\evil.example', '/login']) {
      expect(redirectFor(routes.signup.access, member, `/signup/9?next=${encodeURIComponent(next)}`), next).toBe(
        '/main',
      );
    }
    // A new user kept on sign-up stays there; signed out, the destination goes along to the landing page.
    expect(redirectFor(routes.signup.access, newcomer, '/signup/9?next=%2Fnews%2F12')).toBeNull();
    expect(redirectFor(routes.signup.access, anonymous, '/signup/9?next=%2Fnews%2F12')).toBe('/?next=%2Fnews%2F12');
  });

  it('a new user who opens a member page is sent to sign-up carrying that page', () => {
    const room = '/observing-zone/4b1c7e0a-1d2f-4c55-9a0e-3f1d2c4b5a69';
    expect(redirectFor(routes.observingZone.access, newcomer, room)).toBe(`/signup/9?next=${encodeURIComponent(room)}`);
    // A signed-in member on a sign-in page that carries a destination goes there.
    expect(redirectFor(routes.login.access, member, '/login?next=%2Fdebate-rooms')).toBe('/debate-rooms');
    expect(redirectFor(routes.login.access, newcomer, '/login?next=%2F%2Fevil.example')).toBe('/signup/9');
  });
});
