/**
 * The limits on a profile picture, as the refusals state them: the resolution rule (25 megapixels,
 * whatever the shape) and the byte limit (UPLOAD_LIMIT_BYTES), each with its own code and Korean message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { pngBomb } from './png-bomb.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A body of `bytes` bytes that starts like a PNG. */
const pngOfSize = (bytes: number) => {
  const file = new Uint8Array(bytes);
  file.set(PNG_SIGNATURE);
  return file;
};

const upload = (server: TestServer, me: Session, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), 'avatar.png');
  return server.call('PUT', `/api/users/mypage/${me.userId}`, { token: me.accessToken, body: form });
};

const tooLarge = (limit: string) => ({
  status: '오류',
  code: 'FILE_TOO_LARGE',
  message: `프로필 사진은 ${limit} 이하만 올릴 수 있습니다.`,
});

describe('profile picture limits (defaults)', () => {
  let server: TestServer;
  let me: Session;
  beforeAll(async () => {
    server = await startTestServer();
    me = await server.signUpMember('limits-default', '사진한도');
  });
  afterAll(() => server.stop());

  it('refuses by pixel count, not by side, and says so', async () => {
    const square = await upload(server, me, pngBomb(6000, 6000));
    expect(square.status).toBe(413);
    expect(square.body).toEqual({
      status: '오류',
      code: 'IMAGE_TOO_LARGE',
      message: '이미지 해상도가 너무 큽니다. 2,500만 화소(가로×세로) 이하의 이미지를 올려주세요.',
    });
    // 6000 wide but 2,400만 pixels: within the rule the message states.
    expect((await upload(server, me, pngBomb(6000, 4000))).status).toBe(200);
  });

  it('refuses a picture over 5 MB with the upload’s own message, however far over', async () => {
    for (const bytes of [5 * 1024 * 1024 + 1, 6 * 1024 * 1024, 20 * 1024 * 1024]) {
      const res = await upload(server, me, pngOfSize(bytes));
      expect(res.status, String(bytes)).toBe(413);
      expect(res.body, String(bytes)).toEqual(tooLarge('5MB'));
    }
  });

  it('other routes, those under /api/users/mypage/ included, keep the generic limit and message', async () => {
    const other = await server.signUpMember('limits-other', '다른사람');
    const res = await server.call('POST', `/api/users/mypage/${other.userId}/${me.userId}/insertfollowers`, {
      token: me.accessToken,
      json: { padding: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ status: '오류', code: 'PAYLOAD_TOO_LARGE', message: '요청 본문이 너무 큽니다.' });
  });
});

describe('profile picture limits (UPLOAD_LIMIT_BYTES set)', () => {
  let server: TestServer;
  let me: Session;
  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_LIMIT_BYTES: String(1.5 * 1024 * 1024) });
    me = await server.signUpMember('limits-configured', '작은한도');
  });
  afterAll(() => server.stop());

  it('states the configured limit, never more than it allows', async () => {
    for (const bytes of [1.5 * 1024 * 1024 + 1, 3 * 1024 * 1024]) {
      const res = await upload(server, me, pngOfSize(bytes));
      expect(res.status, String(bytes)).toBe(413);
      expect(res.body, String(bytes)).toEqual(tooLarge('1.5MB'));
    }
  });
});
