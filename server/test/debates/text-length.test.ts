/**
 * Every limit on text people write counts characters as code points (docs/product-rules.md#text-length):
 * an emoji, two UTF-16 units, counts one, so a field full of emoji takes as many as a field of 가.
 */
import { MAX_MESSAGE_LENGTH, MAX_TITLE_LENGTH } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, ROOM, startDebateServer } from './support.js';

const EMOJI = '😀';
const replies = '/user/queue/replies';

let server: TestServer;
let users: Session[];
const clients: Live[] = [];

beforeAll(async () => {
  server = await startDebateServer();
  users = await members(server, 2, '글자');
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('text limits count characters, an emoji as one', () => {
  it('takes a title and a description of the limit in emoji, and refuses one more with the usual 400', async () => {
    const token = users[0]!.accessToken;
    const full = EMOJI.repeat(MAX_TITLE_LENGTH);
    const roomId = await createRoom(server, token, { title: full, description: full });
    const info = await server.call('GET', `/api/debates/${roomId}`, { token });
    expect(info.body.data).toMatchObject({ title: full, description: full });

    for (const field of ['title', 'description']) {
      const res = await server.call('POST', '/api/chat/create', {
        token,
        json: { ...ROOM, [field]: EMOJI.repeat(MAX_TITLE_LENGTH + 1) },
      });
      expect(res.status, field).toBe(400);
      expect(res.body).toEqual({
        status: '오류',
        code: 'VALIDATION_FAILED',
        message: `요청 값이 올바르지 않습니다: ${field}`,
      });
    }
  });

  it('takes a chat line of the limit in emoji, and refuses one more as too long', async () => {
    const [creator, watcher] = users as [Session, Session];
    const roomId = await createRoom(server, creator.accessToken);
    const live = await Live.connect(server, '/ws', watcher.accessToken);
    clients.push(live);
    live.subscribe(replies);
    const command = async (name: string, body: unknown) => {
      const before = live.on(replies).length;
      live.send(`/app/rooms/${roomId}/${name}`, body);
      return (await live.waitFor(replies, (r) => r.length > before)).at(-1);
    };
    expect(await command('observe', {})).toMatchObject({ ok: true });
    expect(await command('observer-chat', { text: EMOJI.repeat(MAX_MESSAGE_LENGTH) })).toMatchObject({ ok: true });
    expect(await command('observer-chat', { text: EMOJI.repeat(MAX_MESSAGE_LENGTH + 1) })).toMatchObject({
      ok: false,
      code: 'MESSAGE_TOO_LONG',
      message: '메시지는 500자까지 보낼 수 있어요.',
    });
  });

  it('takes a nickname of 10 emoji and an introduction of 20, and refuses one more of either', async () => {
    const guest = await server.signIn('text-length-guest');
    const signUp = (nickname: string, introduction: string) =>
      server.call('POST', '/api/auth/signup', { token: guest.accessToken, json: { nickname, introduction } });

    expect((await signUp(EMOJI.repeat(11), '안녕')).body).toMatchObject({
      status: '오류',
      code: 'INVALID_NICKNAME',
      message: '닉네임은 1~10자로 입력해주세요.',
    });
    expect((await signUp('글자손님', EMOJI.repeat(21))).body).toMatchObject({
      status: '오류',
      code: 'INVALID_INTRODUCTION',
      message: '소개는 20자 이내로 입력해주세요.',
    });
    const done = await signUp(EMOJI.repeat(10), EMOJI.repeat(20));
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ nickname: EMOJI.repeat(10), introduction: EMOJI.repeat(20) });
  });
});
