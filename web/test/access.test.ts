import { describe, expect, it } from 'vitest';
import { redirectFor, type SessionView } from '../src/app/access';
import { routes } from '../src/app/routes';

const anonymous: SessionView = { signedIn: false, isNewUser: false, userId: null, role: '' };
const member: SessionView = { signedIn: true, isNewUser: false, userId: 7, role: 'ROLE_MEMBER' };
const newcomer: SessionView = { signedIn: true, isNewUser: true, userId: 9, role: 'ROLE_GUEST' };
const admin: SessionView = { signedIn: true, isNewUser: false, userId: 1, role: 'ROLE_ADMIN' };

describe('route guards (part1 §2)', () => {
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
});
