/**
 * Every HTTP route of the app, each with a sample valid request per principal and the status
 * each principal must get. OpenAPI routes are written exactly as the document spells them; the
 * routes outside the document (demo identity provider, static files, docs, SPA pages) are
 * listed explicitly. The matrix test fails when the app grows a route this table lacks.
 */
import { ROOM } from '../debates/support.js';
import { demoCode, PRINCIPALS, type Actor, type Principal, type World } from './world.js';

type Req = {
  method: string;
  path: string;
  token?: string;
  json?: unknown;
  body?: FormData | string;
  headers?: Record<string, string>;
};
type Expect = Record<Principal, number>;
export type RouteCase = {
  method: string;
  /** OpenAPI form (`/api/users/{id}`). */
  path: string;
  /** In /api/openapi.json (else one of the explicitly listed extra routes). */
  openapi: boolean;
  /** Answers errors in the JSON envelope (the demo identity provider speaks OAuth instead). */
  envelope: boolean;
  build: (w: World, a: Actor) => Req | Promise<Req>;
  expect: Expect;
};

const all = (status: number): Expect => Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Expect;
/** Any signed-in, unsanctioned user, guests included; `other` acting on the member's resources gets `other`. */
const signedIn = (ok: number, other = ok): Expect => ({
  anonymous: 401,
  guest: ok,
  member: ok,
  other,
  admin: ok,
  // A sanction revokes the account's tokens: 401 with ACCOUNT_SUSPENDED / ACCOUNT_BANNED.
  suspended: 401,
  banned: 401,
});
/** Members and admins; guests are asked to finish sign-up (403). */
const memberOnly = (ok: number, other = ok): Expect => ({ ...signedIn(ok, other), guest: 403 });
const staffOnly = (ok: number): Expect => ({
  anonymous: 401,
  guest: 403,
  member: 403,
  other: 403,
  admin: ok,
  suspended: 401,
  banned: 401,
});

const api = (method: string, path: string, expect: Expect, build: RouteCase['build']): RouteCase => ({
  method,
  path,
  openapi: true,
  envelope: true,
  build,
  expect,
});
const extra = (
  method: string,
  path: string,
  expect: Expect,
  build: RouteCase['build'],
  envelope = true,
): RouteCase => ({ method, path, openapi: false, envelope, build, expect });
const req = (a: Actor, method: string, path: string, more: Partial<Req> = {}): Req => ({
  method,
  path,
  ...(a.token ? { token: a.token } : {}),
  ...more,
});

const subscription = (n: string) => ({
  endpoint: `https://push.example.com/send/${n}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});
/** Whose notification a request names: the caller's own, the member's for `other` and anonymous. */
const notificationOf = (w: World, a: Actor) =>
  w.notification(
    a.principal === 'anonymous' || a.principal === 'other' ? w.sessions.member.userId : w.sessions[a.principal].userId,
  );

export const ROUTES: RouteCase[] = [
  // --- operations and sign-in
  api('GET', '/healthz', all(200), (_w, a) => req(a, 'GET', '/healthz')),
  api('GET', '/api/auth/providers', all(200), (_w, a) => req(a, 'GET', '/api/auth/providers')),
  // A fresh authorization code for the principal's own account; sanctioned accounts are refused.
  api('POST', '/login/oauth2/callback', { ...all(201), suspended: 403, banned: 403 }, async (w, a) => {
    const key = a.principal === 'anonymous' ? w.key() : keyOf(w, a.principal);
    return {
      method: 'POST',
      path: `/login/oauth2/callback?code=${encodeURIComponent(await demoCode(w.server, key))}&provider=google`,
    };
  }),
  // The body's refresh token is the credential; the Authorization header is ignored (A2).
  api('POST', '/api/auth/reissue', { ...all(201), anonymous: 401, suspended: 401, banned: 401 }, (w, a) =>
    req(a, 'POST', '/api/auth/reissue', {
      json: {
        refreshToken: a.principal === 'anonymous' ? 'not-a-refresh-token' : w.sessions[a.principal].refreshToken,
      },
    }),
  ),
  api('POST', '/api/auth/nickname-confirm', signedIn(201), (w, a) =>
    req(a, 'POST', '/api/auth/nickname-confirm', { json: { nickname: w.nickname() } }),
  ),
  // Only a guest signs up (a fresh one each time, so the guest principal stays a guest); others already have.
  api('POST', '/api/auth/signup', { ...signedIn(400), guest: 201 }, async (w, a) => {
    const token = a.principal === 'guest' ? (await w.server.signIn(w.key())).accessToken : a.token;
    return {
      method: 'POST',
      path: '/api/auth/signup',
      ...(token ? { token } : {}),
      json: { nickname: w.nickname(), introduction: '보안 점검' },
    };
  }),

  // --- users and follows
  api('GET', '/api/users/followers', memberOnly(200), (_w, a) => req(a, 'GET', '/api/users/followers?query=보안')),
  api('GET', '/api/users/userInfo', signedIn(200), (_w, a) => req(a, 'GET', '/api/users/userInfo')),
  // Public profiles: anyone signed in may read anyone's.
  api('GET', '/api/users/staff', signedIn(200), (_w, a) => req(a, 'GET', '/api/users/staff')),
  api('GET', '/api/users/{id}', signedIn(200), (_w, a) => req(a, 'GET', `/api/users/${a.me}`)),
  api('PUT', '/api/users/mypage/{id}', memberOnly(200, 403), (_w, a) => {
    const form = new FormData();
    form.append('introduction', '보안 점검 소개');
    return req(a, 'PUT', `/api/users/mypage/${a.me}`, { body: form });
  }),
  api('GET', '/api/users/mypage/{id}/followers', memberOnly(200), (_w, a) =>
    req(a, 'GET', `/api/users/mypage/${a.me}/followers`),
  ),
  api('GET', '/api/users/mypage/{id}/followees', memberOnly(200), (_w, a) =>
    req(a, 'GET', `/api/users/mypage/${a.me}/followees`),
  ),
  api('POST', '/api/users/mypage/{targetId}/{myId}/insertfollowers', memberOnly(201, 403), (w, a) =>
    req(a, 'POST', `/api/users/mypage/${w.third.userId}/${a.me}/insertfollowers`),
  ),
  api('DELETE', '/api/users/mypage/{targetId}/{myId}/deletefollowers', memberOnly(200, 403), (w, a) =>
    req(a, 'DELETE', `/api/users/mypage/${w.third.userId}/${a.me}/deletefollowers`),
  ),
  // Public list of a user's debates (shown on every user page).
  api('GET', '/api/users/mypage/{id}/debates', memberOnly(200), (_w, a) =>
    req(a, 'GET', `/api/users/mypage/${a.me}/debates`),
  ),
  // Ratings are public to members, like the ranking.
  api('GET', '/api/ratings/users/{id}', memberOnly(200), (_w, a) => req(a, 'GET', `/api/ratings/users/${a.me}`)),
  api('GET', '/api/persuasion/users/{id}', memberOnly(200), (_w, a) => req(a, 'GET', `/api/persuasion/users/${a.me}`)),
  api('GET', '/api/ratings/rooms/{roomId}', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/ratings/rooms/${w.closedRoom}`),
  ),

  // --- news: a userId in the query must be the caller's own; liked and saved lists are private
  api('GET', '/api/news', memberOnly(200), (_w, a) => req(a, 'GET', '/api/news?sort=LATEST')),
  api('GET', '/api/news/ranking', memberOnly(200), (_w, a) => req(a, 'GET', '/api/news/ranking')),
  api('GET', '/api/news/{id}', memberOnly(200, 403), (w, a) => req(a, 'GET', `/api/news/${w.newsId}?userId=${a.me}`)),
  api('POST', '/api/news/{id}/like', memberOnly(200, 403), (w, a) =>
    req(a, 'POST', `/api/news/${w.newsId}/like?userId=${a.me}`),
  ),
  api('DELETE', '/api/news/{id}/like', memberOnly(200, 403), (w, a) =>
    req(a, 'DELETE', `/api/news/${w.newsId}/like?userId=${a.me}`),
  ),
  api('POST', '/api/news/{id}/bookmark', memberOnly(200, 403), (w, a) =>
    req(a, 'POST', `/api/news/${w.newsId}/bookmark?userId=${a.me}`),
  ),
  api('DELETE', '/api/news/{id}/bookmark', memberOnly(200, 403), (w, a) =>
    req(a, 'DELETE', `/api/news/${w.newsId}/bookmark?userId=${a.me}`),
  ),
  api('GET', '/api/users/mypage/{id}/likes', memberOnly(200), (_w, a) =>
    req(a, 'GET', `/api/users/mypage/${a.me}/likes`),
  ),
  api('GET', '/api/users/mypage/{id}/bookmarks', memberOnly(200), (_w, a) =>
    req(a, 'GET', `/api/users/mypage/${a.me}/bookmarks`),
  ),

  // --- debate rooms
  api('POST', '/api/chat/create', memberOnly(201), (_w, a) => req(a, 'POST', '/api/chat/create', { json: ROOM })),
  api('GET', '/api/debates/waitroom/{roomId}', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/waitroom/${w.waitingRoom}`),
  ),
  api('GET', '/api/debates/observer/{roomId}', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/observer/${w.waitingRoom}`),
  ),
  api('GET', '/api/debates/turn/{roomId}', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/turn/${w.waitingRoom}`),
  ),
  // The room has closed, so a vote in one's own name is refused as late (409); in the member's name, 403 first.
  api('PUT', '/api/debates/vote/{roomId}', memberOnly(409, 403), (w, a) =>
    req(a, 'PUT', `/api/debates/vote/${w.closedRoom}`, { json: { vote: 'PRO', userId: a.me } }),
  ),
  api('GET', '/api/debates/vote/{roomId}', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/vote/${w.closedRoom}`),
  ),
  api('GET', '/api/debates/debateRoom/finished', memberOnly(200), (_w, a) =>
    req(a, 'GET', '/api/debates/debateRoom/finished?q=&continent=&category=&member=&p=1&sort=recent'),
  ),
  api('GET', '/api/debates/{roomId}/events', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/${w.closedRoom}/events`),
  ),
  api('GET', '/api/debates/{roomId}/persuasion', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/debates/${w.closedRoom}/persuasion`),
  ),
  api('GET', '/api/debates/{roomId}', memberOnly(200), (w, a) => req(a, 'GET', `/api/debates/${w.closedRoom}`)),
  api('GET', '/api/users/mypage/{roomId}/debateChats', memberOnly(200), (w, a) =>
    req(a, 'GET', `/api/users/mypage/${w.closedRoom}/debateChats`),
  ),

  // --- notifications: owner only; someone else's notification answers like a missing one (404)
  api('GET', '/api/notifications/vapidPublicKey', signedIn(200), (_w, a) =>
    req(a, 'GET', '/api/notifications/vapidPublicKey'),
  ),
  api('GET', '/api/notifications/{userId}', signedIn(200, 403), (_w, a) =>
    req(a, 'GET', `/api/notifications/${a.me}?page=1`),
  ),
  api('PUT', '/api/notifications/{id}/read', signedIn(200, 404), async (w, a) =>
    req(a, 'PUT', `/api/notifications/${await notificationOf(w, a)}/read`),
  ),
  api('PUT', '/api/notifications/{userId}/readAll', signedIn(200, 403), (_w, a) =>
    req(a, 'PUT', `/api/notifications/${a.me}/readAll`),
  ),
  api('DELETE', '/api/notifications/{id}/remove', signedIn(200, 404), async (w, a) =>
    req(a, 'DELETE', `/api/notifications/${await notificationOf(w, a)}/remove`),
  ),
  api('DELETE', '/api/notifications/{userId}/removeAll', signedIn(200, 403), (_w, a) =>
    req(a, 'DELETE', `/api/notifications/${a.me}/removeAll`),
  ),
  api('POST', '/api/notifications/saveToken', signedIn(200, 403), (_w, a) =>
    req(a, 'POST', '/api/notifications/saveToken', { json: { userId: a.me, subscription: subscription(a.principal) } }),
  ),
  api('POST', '/api/notifications/checkToken', signedIn(200, 403), (_w, a) =>
    req(a, 'POST', '/api/notifications/checkToken', {
      json: { userId: a.me, subscription: subscription(a.principal) },
    }),
  ),
  api('DELETE', '/api/notifications/removeToken', signedIn(200, 403), (_w, a) =>
    req(a, 'DELETE', '/api/notifications/removeToken', {
      json: { userId: a.me, subscription: subscription(a.principal) },
    }),
  ),

  // --- reports (members) and moderation (staff only)
  api('POST', '/api/report', memberOnly(201, 403), (w, a) =>
    req(a, 'POST', '/api/report', {
      json: { userId: a.me, targetUserId: w.third.userId, targetType: 'PROFILE', reportType: 'SPAM' },
    }),
  ),
  // In-room reports: R1's rules; each route reports a user of its own, so no report is a duplicate.
  api('POST', '/api/debates/reports/{roomId}', memberOnly(201, 403), (w, a) =>
    req(a, 'POST', `/api/debates/reports/${w.waitingRoom}`, {
      json: { userId: a.me, targetUserId: w.sessions.suspended.userId, targetType: 'PROFILE', reportType: 'CUSS' },
    }),
  ),
  api('POST', '/api/observer/reports/{roomId}', memberOnly(201, 403), (w, a) =>
    req(a, 'POST', `/api/observer/reports/${w.waitingRoom}`, {
      json: { userId: a.me, targetUserId: w.sessions.banned.userId, targetType: 'PROFILE', reportType: 'SPAM' },
    }),
  ),
  api('GET', '/api/admin/reports', staffOnly(200), (_w, a) => req(a, 'GET', '/api/admin/reports?q=&type=&result=&p=1')),
  api('GET', '/api/admin/reports/{id}', staffOnly(200), (w, a) => req(a, 'GET', `/api/admin/reports/${w.reportId}`)),
  api('PUT', '/api/admin/reports/{id}', staffOnly(200), (w, a) =>
    req(a, 'PUT', `/api/admin/reports/${w.reportId}`, {
      json: { result: 'NONE', reportContent: '확인함', assignedUserId: a.me },
    }),
  ),
  api('PUT', '/api/admin/reports/{id}/restore', staffOnly(200), (w, a) =>
    req(a, 'PUT', `/api/admin/reports/${w.reportId}/restore`),
  ),
  api('GET', '/api/admin/nickname-collisions', staffOnly(200), (_w, a) =>
    req(a, 'GET', '/api/admin/nickname-collisions'),
  ),
  api('PUT', '/api/admin/users/{id}/nickname', staffOnly(200), (w, a) =>
    req(a, 'PUT', `/api/admin/users/${w.third.userId}/nickname`, { json: { nickname: w.nickname() } }),
  ),

  // --- outside the OpenAPI document
  extra('GET', '/api/openapi.json', all(200), (_w, a) => req(a, 'GET', '/api/openapi.json')),
  extra('GET', '/api/asyncapi.json', all(200), (_w, a) => req(a, 'GET', '/api/asyncapi.json')),
  extra('GET', '/api/docs', all(200), (_w, a) => req(a, 'GET', '/api/docs')),
  extra('GET', '/api/docs/scalar.js', all(200), (_w, a) => req(a, 'GET', '/api/docs/scalar.js')),
  // The demo identity provider answers in OAuth's own shapes (HTML pages, `{ error }`), not the envelope.
  extra(
    'GET',
    '/demo-oauth/{provider}/authorize',
    all(302),
    async (w, a) => {
      const providers = (await w.server.call('GET', '/api/auth/providers')).body.data as Record<
        string,
        { authorizeUrl: string }
      >;
      const url = new URL(providers.kakao!.authorizeUrl);
      url.searchParams.set('login_hint', w.key());
      return req(a, 'GET', `${url.pathname}${url.search}`);
    },
    false,
  ),
  // An app access token is no client credential and no provider token.
  extra(
    'POST',
    '/demo-oauth/{provider}/token',
    all(401),
    (_w, a) =>
      req(a, 'POST', '/demo-oauth/google/token', {
        body: 'grant_type=authorization_code&code=x',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }),
    false,
  ),
  extra(
    'GET',
    '/demo-oauth/{provider}/userinfo',
    all(401),
    (_w, a) => req(a, 'GET', '/demo-oauth/google/userinfo'),
    false,
  ),
  extra('GET', '/news-articles/{id}', all(200), (w, a) => req(a, 'GET', `/news-articles/${w.articleId}`)),
  extra('GET', '/news-images/{name}', all(200), (w, a) => req(a, 'GET', `/news-images/${w.newsImage}`)),
  extra('GET', '/uploads/{name}', all(200), (w, a) => req(a, 'GET', w.uploadPath)),
  extra('GET', '/avatars/default.svg', all(200), (_w, a) => req(a, 'GET', '/avatars/default.svg')),
  extra('GET', '/avatars/{file}', all(200), (w, a) => req(a, 'GET', `/avatars/${w.avatarFile}`)),
  // SPA pages (the web app's index.html, or the "not built" page in tests) are public.
  extra('GET', '/{spa}', all(200), (_w, a) => req(a, 'GET', '/debate-rooms')),
  extra('GET', '/', all(200), (_w, a) => req(a, 'GET', '/')),
  // Shared pages carry link previews made of public facts (a messenger fetching a link has no token).
  extra('GET', '/archived-room/{roomId}', all(200), (w, a) => req(a, 'GET', `/archived-room/${w.closedRoom}`)),
  extra('GET', '/observing-zone/{roomId}', all(200), (w, a) => req(a, 'GET', `/observing-zone/${w.waitingRoom}`)),
  extra('GET', '/news/{id}', all(200), (w, a) => req(a, 'GET', `/news/${w.newsId}`)),
  extra('GET', '/user-page/{id}', all(200), (w, a) => req(a, 'GET', `/user-page/${w.third.userId}`)),
  extra('GET', '/previews/rooms/{file}', all(200), (w, a) => req(a, 'GET', `/previews/rooms/${w.closedRoom}.png`)),
  extra('GET', '/previews/users/{file}', all(200), (w, a) => req(a, 'GET', `/previews/users/${w.third.userId}.png`)),
  extra('GET', '/previews/site.png', all(200), (_w, a) => req(a, 'GET', '/previews/site.png')),
];

const keyOf = (w: World, principal: Exclude<Principal, 'anonymous'>): string => w.keys[principal];

/** `/a/:id{[0-9]+}/b` (hono) and `/a/{id}/b` (OpenAPI) → one comparable form. */
export function normalisePath(path: string): string {
  return path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? `{${/^:(\w+)/.exec(seg)![1]}}` : seg))
    .join('/');
}
