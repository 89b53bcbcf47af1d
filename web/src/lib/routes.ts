/**
 * The one route table of the product (docs/product-rules.md#screens-and-guards): path patterns, who may enter,
 * and href builders. Links, the router and the guards all read it.
 */
export type Access = 'anyone' | 'guest' | 'signup' | 'member' | 'admin';

export interface RouteDef {
  readonly pattern: string;
  readonly access: Access;
}

export const routes = {
  landing: { pattern: '/', access: 'anyone' },
  login: { pattern: '/login', access: 'guest' },
  oauthCallback: { pattern: '/login/oauth2/callback/:provider', access: 'guest' },
  signup: { pattern: '/signup/:userId', access: 'signup' },
  main: { pattern: '/main', access: 'member' },
  news: { pattern: '/news', access: 'member' },
  newsDetail: { pattern: '/news/:newsId', access: 'member' },
  debateRooms: { pattern: '/debate-rooms', access: 'member' },
  debaters: { pattern: '/debaters', access: 'member' },
  profileUpdate: { pattern: '/profile-update', access: 'member' },
  userPage: { pattern: '/user-page/:userId', access: 'member' },
  newDebate: { pattern: '/debate-zone/new-debate', access: 'member' },
  debateZone: { pattern: '/debate-zone/:roomId', access: 'member' },
  observingZone: { pattern: '/observing-zone/:roomId', access: 'member' },
  archivedRoom: { pattern: '/archived-room/:roomId', access: 'member' },
  admin: { pattern: '/admin', access: 'admin' },
  debateGate: { pattern: '/debate-gate', access: 'member' },
  notFound: { pattern: '/not-found', access: 'anyone' },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;

const seg = (value: string | number): string => encodeURIComponent(String(value));
// Where a signed-out visitor was going, carried to the sign-in and back (see return-path.ts).
const withNext = (path: string, next?: string | null): string => (next ? `${path}?next=${seg(next)}` : path);

export const paths = {
  landing: (next?: string | null) => withNext('/', next),
  login: (next?: string | null) => withNext('/login', next),
  oauthCallback: (provider: 'google' | 'kakao') => `/login/oauth2/callback/${provider}`,
  signup: (userId: number | string) => `/signup/${seg(userId)}`,
  main: () => '/main',
  news: (continent?: string) => (continent ? `/news?continent=${seg(continent)}` : '/news'),
  newsDetail: (newsId: number | string) => `/news/${seg(newsId)}`,
  debateRooms: () => '/debate-rooms',
  debaters: () => '/debaters',
  profileUpdate: () => '/profile-update',
  userPage: (userId: number | string) => `/user-page/${seg(userId)}`,
  newDebate: (newsId?: number | string) =>
    newsId === undefined ? '/debate-zone/new-debate' : `/debate-zone/new-debate?id=${seg(newsId)}`,
  debateZone: (roomId: string) => `/debate-zone/${seg(roomId)}`,
  observingZone: (roomId: string) => `/observing-zone/${seg(roomId)}`,
  archivedRoom: (roomId: string) => `/archived-room/${seg(roomId)}`,
  admin: () => '/admin',
  debateGate: () => '/debate-gate',
  notFound: () => '/not-found',
} satisfies Record<RouteKey, (...args: never[]) => string>;

const matchers = (Object.keys(routes) as RouteKey[]).map((key) => ({
  key,
  regex: new RegExp(`^${routes[key].pattern.replace(/:[^/]+/g, '[^/]+')}/?$`),
}));

/** Which route a pathname belongs to (first match wins, so literal paths precede parameters), or null. */
export function matchRouteKey(pathname: string): RouteKey | null {
  return matchers.find((m) => m.regex.test(pathname))?.key ?? null;
}
