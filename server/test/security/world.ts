/**
 * The principals and seeded resources the security suites act on, all produced through the real
 * flows: demo sign-in (guest), sign-up (member), setRole (admin, suspended, banned), rooms over
 * D1 and STOMP, a report over R1, notifications through the app's own notifier.
 */
import { loadDemoNews } from '@toron/fixtures';
import { loadDemoUsers } from '../../src/seed/demo-users.js';
import { createRoom, Live, until } from '../debates/support.js';
import type { Session, TestServer } from '../support/server.js';

export const PRINCIPALS = ['anonymous', 'guest', 'member', 'other', 'admin', 'suspended', 'banned'] as const;
export type Principal = (typeof PRINCIPALS)[number];
type SignedIn = Exclude<Principal, 'anonymous'>;

/** Who a request is made as, and whose resources it names. */
export type Actor = {
  principal: Principal;
  /** The bearer token sent (none for anonymous). */
  token?: string;
  /**
   * The user id the request names as "mine": the caller's own, except for `other` and `anonymous`, who name the
   * member's.
   */
  me: number;
};

export type World = {
  server: TestServer;
  sessions: Record<SignedIn, Session>;
  /** The demo sign-in key of each principal (its provider subject). */
  keys: Record<SignedIn, string>;
  /** A bystander member: the target of follows and reports. */
  third: Session;
  /** A waiting room created by the member. */
  waitingRoom: string;
  /** A room that ran to CLOSED over STOMP. */
  closedRoom: string;
  newsId: number;
  articleId: number;
  newsImage: string;
  avatarFile: string;
  /** Path of an uploaded profile image (`/uploads/…`). */
  uploadPath: string;
  /** A pending report filed by the bystander against `other`. */
  reportId: number;
  /** Stores a fresh notification for the user and returns its id. */
  notification: (userId: number) => Promise<number>;
  /** A new, unused nickname (≤ 10 characters). */
  nickname: () => string;
  /** A new demo sign-in key. */
  key: () => string;
};

let serial = 0;
const unique = () => `${process.pid.toString(36)}${(++serial).toString(36)}`;

/** A 1×1 PNG. */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Builds the actor for a principal: `other` uses its own token on the member's resources. */
export function actorFor(w: World, principal: Principal): Actor {
  if (principal === 'anonymous') return { principal, me: w.sessions.member.userId };
  const own = w.sessions[principal];
  return { principal, token: own.accessToken, me: principal === 'other' ? w.sessions.member.userId : own.userId };
}

/** A demo authorization code for `key`, exactly as a browser gets it (authorize → redirect). */
export async function demoCode(server: TestServer, key: string): Promise<string> {
  const providers = (await server.call('GET', '/api/auth/providers')).body.data as Record<
    string,
    { authorizeUrl: string }
  >;
  const authorize = new URL(providers.google!.authorizeUrl);
  authorize.searchParams.set('login_hint', key);
  const redirect = await fetch(authorize, { redirect: 'manual' });
  return new URL(redirect.headers.get('location')!).searchParams.get('code')!;
}

/** Runs a 1:1 room without a vote to CLOSED over STOMP (needs a server with a small DEBATE_TIME_SCALE). */
export async function closedRoom(server: TestServer, pro: Session, con: Session): Promise<string> {
  const roomId = await createRoom(server, pro.accessToken, { resultEnabled: false });
  const topic = `/topic/debate/${roomId}`;
  const a = await Live.connect(server, `/debate/${roomId}`, pro.accessToken, { position: 'pro' });
  a.subscribe(topic);
  const b = await Live.connect(server, `/debate/${roomId}`, con.accessToken, { position: 'con' });
  b.subscribe(topic);
  a.send(`/app/debate/${roomId}`, { event: 'MESSAGE', userName: pro.nickname, position: 'pro', message: '찬성 발언' });
  await a.waitFor(topic, (bs) => bs.some((x) => x.event === 'STATUS' && x.status === 'CLOSED'), 20_000);
  await Promise.all([a.leave(), b.leave()]);
  return roomId;
}

/** Signs everybody in through the real flows and seeds the resources the suites name. */
export async function buildWorld(server: TestServer): Promise<World> {
  const key = () => `sec-${unique()}`;
  // Digits only after the syllable: base-36 letters would make look-alikes (1 and l, 0 and o) that the
  // confusable check refuses as duplicates.
  const nickname = () => `보${++serial}`;
  const keys = { guest: key(), member: key(), other: key(), admin: key(), suspended: key(), banned: key() };
  const guest = await server.signIn(keys.guest);
  const signed: Session[] = [];
  for (const k of [keys.member, keys.other, keys.admin, keys.suspended, keys.banned, key()])
    signed.push(await server.signUpMember(k, nickname()));
  const [member, other, admin, suspended, banned, third] = signed;
  await server.setRole(admin!.userId, 'ROLE_ADMIN');

  const closed = await closedRoom(server, third!, other!);
  const waitingRoom = await createRoom(server, member!.accessToken);
  const newsPage = (await server.call('GET', '/api/news', { token: member!.accessToken })).body.data as {
    content: { id: number }[];
  };
  const newsId = newsPage.content[0]!.id;
  const demoNews = loadDemoNews()[0]!;

  const form = new FormData();
  form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'a.png');
  const uploaded = await server.call('PUT', `/api/users/mypage/${third!.userId}`, {
    token: third!.accessToken,
    body: form,
  });
  if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}`);
  const uploadUrl = (uploaded.body.data as { profileUrl: string }).profileUrl;

  const report = await server.call('POST', '/api/report', {
    token: third!.accessToken,
    json: { targetUserId: other!.userId, targetType: 'PROFILE', reportType: 'SPAM' },
  });
  if (report.status !== 201) throw new Error(`report answered ${report.status}: ${JSON.stringify(report.body)}`);

  // Sanctions last: the users above had to act first.
  await server.setRole(suspended!.userId, 'ROLE_SUSPENDED', new Date(Date.now() + 3 * 86_400_000));
  await server.setRole(banned!.userId, 'ROLE_BANNED');

  const notifier = server.deps.notifications.notifier;
  const notification = async (userId: number) =>
    (
      await notifier.notify({
        userId,
        type: 'FOLLOW',
        typeId: third!.userId,
        content: '새 팔로워가 있습니다.',
        at: new Date(),
        url: '/',
      })
    ).id;

  await until(
    async () =>
      (await server.call('GET', `/api/debates/${closed}/events`, { token: member!.accessToken })).status === 200,
  );
  return {
    server,
    keys,
    sessions: {
      guest,
      member: member!,
      other: other!,
      admin: { ...admin!, role: 'ROLE_ADMIN' },
      suspended: suspended!,
      banned: banned!,
    },
    third: third!,
    waitingRoom,
    closedRoom: closed,
    newsId,
    articleId: demoNews.id,
    newsImage: demoNews.image,
    avatarFile: `${loadDemoUsers().users[0]!.key}.svg`,
    uploadPath: new URL(uploadUrl, server.url).pathname,
    reportId: (report.body.data as { id: number }).id,
    notification,
    nickname,
    key,
  };
}
