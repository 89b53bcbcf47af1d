import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

// A 1×1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const form = (parts: Record<string, string | Blob>, filename = 'avatar.png') => {
  const f = new FormData();
  for (const [k, v] of Object.entries(parts)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, filename);
  }
  return f;
};

describe('public profile', () => {
  it('shows the public shape only', async () => {
    const me = await server.signIn('minji');
    const res = await server.call('GET', `/api/users/${me.userId}`, { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data as object).sort()).toEqual([
      'defeatNumber',
      'drawNumber',
      'id',
      'introduction',
      'newsListsPrivate',
      'nickname',
      'profileUrl',
      'role',
      'winNumber',
    ]);
    // Her record is the demo data's plus the recorded demo debates she took part in.
    const stored = (await server.deps.storage.users.findById(me.userId))!;
    expect(stored.winNumber).toBeGreaterThanOrEqual(7);
    expect(res.body.data).toMatchObject({
      nickname: '김민지',
      winNumber: stored.winNumber,
      drawNumber: stored.drawNumber,
      defeatNumber: stored.defeatNumber,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/google|subject|email|token/i);
  });

  it('unknown user → 404, bad id → 400', async () => {
    const me = await server.signIn('minji');
    expect((await server.call('GET', '/api/users/987654', { token: me.accessToken })).body.code).toBe('USER_NOT_FOUND');
    expect((await server.call('GET', '/api/users/abc', { token: me.accessToken })).status).toBe(400);
    expect((await server.call('GET', '/api/users/-1', { token: me.accessToken })).status).toBe(400);
  });

  it('demo avatars are served as inert SVG whose letter is drawn as outlines, needing no system font', async () => {
    const drawn = async (key: string) => {
      const res = await fetch(`${server.url}/avatars/${key}.svg`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      return res.text();
    };
    const minji = await drawn('minji');
    expect(minji).toMatch(/^<svg [^>]*width="128" height="128"/);
    expect(minji).not.toMatch(/<text|<script|<foreignObject|href=/i);
    const letter = (svg: string) => [...svg.matchAll(/<path[^>]* d="([^"]+)"/g)].map((m) => m[1]).join(' ');
    expect(letter(minji).length).toBeGreaterThan(100);
    // 김민지 and 박서연: different first letters, different outlines; the same avatar again is the same picture.
    expect(letter(await drawn('seoyeon'))).not.toBe(letter(minji));
    expect(await drawn('minji')).toBe(minji);
  });
});

describe('profile update', () => {
  it('changes only the sent fields and stores a re-encoded image at an absolute URL', async () => {
    const me = await server.signUpMember('editor', '편집자');
    const intro = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ introduction: '새 소개' }),
    });
    expect(intro.status).toBe(200);
    expect(intro.body.data).toMatchObject({ nickname: '편집자', introduction: '새 소개' });

    const pic = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ file: new Blob([png]) }, 'x.txt'),
    });
    expect(pic.status).toBe(200);
    const url = (pic.body.data as { profileUrl: string; introduction: string }).profileUrl;
    expect((pic.body.data as { introduction: string }).introduction).toBe('새 소개');
    expect(url).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{32}\\.webp$`));
    const img = await fetch(url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    const served = await sharp(Buffer.from(await img.arrayBuffer())).metadata();
    expect([served.format, served.width, served.height]).toEqual(['webp', 1, 1]);

    const nick = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ nickname: '편집장' }),
    });
    expect(nick.body.data).toMatchObject({ nickname: '편집장', introduction: '새 소개', profileUrl: url });
    // Keeping one's own nickname is fine; taking another's is not.
    expect(
      (
        await server.call('PUT', `/api/users/mypage/${me.userId}`, {
          token: me.accessToken,
          body: form({ nickname: '편집장' }),
        })
      ).status,
    ).toBe(200);
    const dup = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ nickname: '김민지' }),
    });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toBe('DUPLICATE_NICKNAME');
  });

  it("another user's id in the path is 403", async () => {
    const me = await server.signUpMember('intruder', '침입자');
    const minji = await server.signIn('minji');
    const res = await server.call('PUT', `/api/users/mypage/${minji.userId}`, {
      token: me.accessToken,
      body: form({ introduction: 'hacked' }),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_OWNER');
  });

  it('refuses a file that is not an image by its bytes, even named .png', async () => {
    const me = await server.signUpMember('uploader', '업로더');
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const res = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ file: html }, 'evil.png'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: '오류', code: 'INVALID_IMAGE' });
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/svg+xml',
    });
    expect(
      (
        await server.call('PUT', `/api/users/mypage/${me.userId}`, {
          token: me.accessToken,
          body: form({ file: svg }, 'a.svg'),
        })
      ).body.code,
    ).toBe('INVALID_IMAGE');
  });

  it('refuses an image over 5 MB with 413', async () => {
    const me = await server.signUpMember('big-file', '대용량');
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
    png.copy(big);
    const res = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ file: new Blob([big]) }),
    });
    const refusal = { status: '오류', code: 'FILE_TOO_LARGE', message: '프로필 사진은 5MB 이하만 올릴 수 있습니다.' };
    expect(res.status).toBe(413);
    expect(res.body).toEqual(refusal);
    // Far over the limit the route's body limit stops it before the file is read, with the same refusal.
    const huge = Buffer.alloc(8 * 1024 * 1024, 0);
    const res2 = await server.call('PUT', `/api/users/mypage/${me.userId}`, {
      token: me.accessToken,
      body: form({ file: new Blob([huge]) }),
    });
    expect(res2.status).toBe(413);
    expect(res2.body).toEqual(refusal);
  });

  it('refuses bad nickname and introduction values', async () => {
    const me = await server.signUpMember('strict', '엄격');
    const put = (parts: Record<string, string>) =>
      server.call('PUT', `/api/users/mypage/${me.userId}`, { token: me.accessToken, body: form(parts) });
    expect((await put({ nickname: 'KAKAO_123' })).body.code).toBe('INVALID_NICKNAME');
    expect((await put({ nickname: '  ' })).body.code).toBe('INVALID_NICKNAME');
    expect((await put({ introduction: '가'.repeat(21) })).body.code).toBe('INVALID_INTRODUCTION');
    expect((await put({ file: 'not a file' })).status).toBe(400);
  });
});
