import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { createRoom, Live, members, seatPair, startDebateServer } from '../debates/support.js';

let server: TestServer;
const clients: Live[] = [];
beforeAll(async () => {
  server = await startDebateServer();
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

it('every image field of a member without a picture carries the absolute URL of a served default avatar', async () => {
  // New names on the demo sign-in page come without a picture.
  const [pro, con] = await members(server, 2, '무사진');
  const avatar = `${server.url}/avatars/default.svg`;
  const get = async (path: string, token = pro!.accessToken) => {
    const res = await server.call('GET', path, { token });
    expect(res.status, path).toBe(200);
    return res.body.data as any;
  };

  const image = await fetch(avatar);
  expect(image.status).toBe(200);
  expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  expect(image.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await image.text()).toMatch(/^<svg /);

  // A1 (a fresh sign-in), A5, U1.
  expect(pro!.imgUrl).toBe(avatar);
  expect((await get('/api/users/userInfo')).profileUrl).toBe(avatar);
  expect((await get(`/api/users/${con!.userId}`)).profileUrl).toBe(avatar);

  // U8 and U9 (the ranking's entries are checked where members get established ratings).
  const follow = `/api/users/mypage/${con!.userId}/${pro!.userId}/insertfollowers`;
  expect((await server.call('POST', follow, { token: pro!.accessToken })).status).toBe(201);
  expect((await get(`/api/users/mypage/${con!.userId}/followers`))[0]).toMatchObject({ profile: avatar });
  expect((await get(`/api/users/mypage/${pro!.userId}/followees`))[0]).toMatchObject({ profile: avatar });
  // Participants (D2, D3, room-list pushes), the legacy chat line and the archive (U7).
  const roomId = await createRoom(server, pro!.accessToken, { resultEnabled: false });
  const topic = `/topic/debate/${roomId}`;
  const list = await Live.connect(server, '/room-list/filtered', con!.accessToken);
  clients.push(list);
  list.subscribe('/topic/filteredStatus');
  const [speaker, opponent] = await seatPair(server, roomId, pro!, con!);
  clients.push(speaker, opponent);
  await speaker.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'DEBATE'));
  speaker.send(`/app/debate/${roomId}`, { message: '기본 이미지로 말합니다' });
  const [line] = (await speaker.waitFor(topic, (bs) => bs.some((b) => b.event === 'MESSAGE'))).filter(
    (b) => b.event === 'MESSAGE',
  );
  expect(line).toMatchObject({ userName: pro!.nickname, imageUrl: avatar });
  const info = await get(`/api/debates/${roomId}`);
  expect([...info.proUsers, ...info.conUsers].map((u: any) => u.profileUrl)).toEqual([avatar, avatar]);
  const entryOf = (b: any) => b.observerCurrent.find((e: any) => e.debateRoomResponse.uuid === roomId);
  const pushes = await list.waitFor('/topic/filteredStatus', (bs) =>
    bs.some((b) => entryOf(b)?.debateRoomResponse.proUsers.length === 1),
  );
  const entry = entryOf(
    pushes.findLast((b) => entryOf(b)?.debateRoomResponse.proUsers.length === 1),
  ).debateRoomResponse;
  expect(entry.proUsers.map((u: any) => u.profileUrl)).toEqual([avatar]);

  await speaker.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'CLOSED'), 20_000);
  const archive = (await get(`/api/users/mypage/${roomId}/debateChats`)) as any[];
  expect(archive.length).toBeGreaterThan(0);
  for (const chat of archive) expect(chat.profileUrl).toBe(avatar);
}, 40_000);

it('recorded demo debates name their debaters with absolute picture URLs in the archive', async () => {
  const [viewer] = await members(server, 1, '열람');
  const page = await server.call(
    'GET',
    '/api/debates/debateRoom/finished?q=&continent=&category=&member=&p=1&sort=recent',
    {
      token: viewer!.accessToken,
    },
  );
  const urls: string[] = [];
  for (const room of (page.body.data as any).content) {
    const archive = await server.call('GET', `/api/users/mypage/${room.uuid}/debateChats`, {
      token: viewer!.accessToken,
    });
    urls.push(...(archive.body.data as any[]).map((c) => c.profileUrl as string));
  }
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url.startsWith(`${server.url}/`)).toBe(true);
});
