/**
 * The one route table of the product (docs/product-rules.md#screens-and-guards): path patterns, who may enter,
 * and href builders. Links, the router and the guards all read it.
 */
export type Access = 'anyone' | 'guest' | 'signup' | 'member' | 'admin';

export interface RouteDef {
  readonly pattern: string;
  readonly access: Access;
  /** The screen's name in the document title (see page-title.ts); none: the service's name alone. */
  readonly title?: string;
}

export const routes = {
  landing: { pattern: '/', access: 'anyone' },
  login: { pattern: '/login', access: 'guest', title: '로그인' },
  oauthCallback: { pattern: '/login/oauth2/callback/:provider', access: 'guest', title: '로그인' },
  signup: { pattern: '/signup/:userId', access: 'signup', title: '회원가입' },
  main: { pattern: '/main', access: 'member', title: '홈' },
  news: { pattern: '/news', access: 'member', title: '뉴스' },
  newsDetail: { pattern: '/news/:newsId', access: 'member', title: '뉴스' },
  debateRooms: { pattern: '/debate-rooms', access: 'member', title: '토론방 목록' },
  debaters: { pattern: '/debaters', access: 'member', title: '토론자 랭킹' },
  profileUpdate: { pattern: '/profile-update', access: 'member', title: '프로필 수정' },
  userPage: { pattern: '/user-page/:userId', access: 'member', title: '프로필' },
  newDebate: { pattern: '/debate-zone/new-debate', access: 'member', title: '새 토론방 만들기' },
  debateZone: { pattern: '/debate-zone/:roomId', access: 'member', title: '토론' },
  observingZone: { pattern: '/observing-zone/:roomId', access: 'member', title: '토론 참관' },
  archivedRoom: { pattern: '/archived-room/:roomId', access: 'member', title: '지난 토론' },
  admin: { pattern: '/admin', access: 'admin', title: '신고 목록' },
  debateGate: { pattern: '/debate-gate', access: 'member', title: '방 번호로 입장하기' },
  notFound: { pattern: '/not-found', access: 'anyone', title: '페이지를 찾을 수 없음' },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;

const seg = (value: string | number): string => encodeURIComponent(String(value));
// Where a signed-out visitor was going, carried to the sign-in and back (see return-path.ts).
const withNext = (path: string, next?: string | null): string => (next ? `${path}?next=${seg(next)}` : path);

export const paths = {
  landing: (next?: string | null) => withNext('/', next),
  login: (next?: string | null) => withNext('/login', next),
  oauthCallback: (provider: 'google' | 'kakao') => `/login/oauth2/callback/${provider}`,
  signup: (userId: number | string, next?: string | null) => withNext(`/signup/${seg(userId)}`, next),
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
