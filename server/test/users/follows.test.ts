import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('follows', () => {
  it('follow is idempotent, emits one event, shows in both lists, and unfollow removes it', async () => {
    const me = await server.signUpMember('follower', '팔로워');
    const minji = await server.signIn('minji');
    const seen: unknown[] = [];
    const off = server.deps.events.on('follow', (e) => seen.push(e));
    const path = `/api/users/mypage/${minji.userId}/${me.userId}/insertfollowers`;
    expect((await server.call('POST', path, { token: me.accessToken })).status).toBe(201);
    expect((await server.call('POST', path, { token: me.accessToken })).status).toBe(201);
    off();
    expect(seen).toEqual([expect.objectContaining({ followerId: me.userId, followeeId: minji.userId })]);

    const followers = await server.call('GET', `/api/users/mypage/${minji.userId}/followers`, {
      token: me.accessToken,
    });
    const list = followers.body.data as {
      followerId: number;
      nickname: string;
      profile: string | null;
      introduction: string | null;
    }[];
    expect(list.filter((f) => f.followerId === me.userId)).toHaveLength(1);
    // The viewer comes last (the web app reads the last entry).
    expect(list.at(-1)).toEqual({
      followerId: me.userId,
      nickname: '팔로워',
      profile: `${server.url}/avatars/default.svg`,
      introduction: '안녕하세요',
    });

    const followees = await server.call('GET', `/api/users/mypage/${me.userId}/followees`, { token: me.accessToken });
    expect(followees.body.data).toEqual([
      expect.objectContaining({
        followeeId: minji.userId,
        nickname: '김민지',
        profile: `${server.url}/avatars/minji.svg`,
      }),
    ]);

    const del = `/api/users/mypage/${minji.userId}/${me.userId}/deletefollowers`;
    expect((await server.call('DELETE', del, { token: me.accessToken })).status).toBe(200);
    expect((await server.call('DELETE', del, { token: me.accessToken })).status).toBe(200);
    expect(
      (await server.call('GET', `/api/users/mypage/${me.userId}/followees`, { token: me.accessToken })).body.data,
    ).toEqual([]);
  });

  it('demo follows are seeded', async () => {
    const minji = await server.signIn('minji');
    const res = await server.call('GET', `/api/users/mypage/${minji.userId}/followers`, { token: minji.accessToken });
    expect((res.body.data as unknown[]).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses acting for someone else (403), self-follow (400) and unknown targets (404)', async () => {
    const me = await server.signUpMember('rules', '규칙');
    const minji = await server.signIn('minji');
    const junho = await server.signIn('junho', 'kakao');
    const asOther = await server.call('POST', `/api/users/mypage/${junho.userId}/${minji.userId}/insertfollowers`, {
      token: me.accessToken,
    });
    expect(asOther.status).toBe(403);
    const delOther = await server.call('DELETE', `/api/users/mypage/${junho.userId}/${minji.userId}/deletefollowers`, {
      token: me.accessToken,
    });
    expect(delOther.status).toBe(403);
    const self = await server.call('POST', `/api/users/mypage/${me.userId}/${me.userId}/insertfollowers`, {
      token: me.accessToken,
    });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('SELF_FOLLOW');
    const ghost = await server.call('POST', `/api/users/mypage/999999/${me.userId}/insertfollowers`, {
      token: me.accessToken,
    });
    expect(ghost.status).toBe(404);
    expect((await server.call('GET', '/api/users/mypage/999999/followers', { token: me.accessToken })).status).toBe(
      404,
    );
  });
});
