/**
 * Profile pictures as an attack: concurrent uploads, a picture carrying its GPS position, a
 * decompression bomb and an upload loop, over real HTTP while a bystander keeps chatting.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../debates/support.js';
import { expectTooMany } from '../security/envelope.js';
import { Bystander, expectServed } from '../support/bystander.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { pngBomb } from './png-bomb.js';

let server: TestServer;
let attacker: Session;
let bystander: Bystander;
beforeAll(async () => {
  // An hour's window: the allowance does not refill during the test, however slow the machine.
  server = await startTestServer({ RATE_LIMIT_UPLOAD: '24/1h' });
  attacker = (await members(server, 1, '업로드'))[0]!;
  bystander = await Bystander.start(server);
});
afterAll(async () => {
  if (bystander) expectServed(await bystander.stop('uploads'));
  await server?.stop();
});

const upload = (bytes: Uint8Array, filename = 'avatar.png') => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  return server.call('PUT', `/api/users/mypage/${attacker.userId}`, { token: attacker.accessToken, body: form });
};
const storedFiles = () => readdirSync(path.join(server.dataDir, 'uploads'));
const profileUrl = (res: { body: { data?: unknown } }) => (res.body.data as { profileUrl: string }).profileUrl;
const served = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

describe('profile picture uploads', () => {
  it('20 concurrent uploads leave exactly one stored file: the one the profile shows', async () => {
    const pictures = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background: { r: i * 12, g: 80, b: 160 } } })
          .png()
          .toBuffer(),
      ),
    );
    const answers = await Promise.all(pictures.map((p) => upload(p)));
    expect(answers.map((a) => a.status)).toEqual(pictures.map(() => 200));
    const profile = await server.call('GET', `/api/users/${attacker.userId}`, { token: attacker.accessToken });
    const files = storedFiles();
    console.log(`[uploads] 20 concurrent uploads → ${files.length} stored file(s)`);
    expect(files).toEqual([path.basename(profileUrl(profile))]);
  });

  it('re-encodes a photo: no EXIF (no GPS position), upright WebP at most 512 pixels wide', async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#88aacc' } })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '37/1 33/1 5999/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '126/1 58/1 4/1',
        },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.includes('secret-owner')).toBe(true);
    const res = await upload(photo, 'photo.jpg');
    expect(res.status).toBe(200);
    const bytes = await served(profileUrl(res));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.icc]).toEqual([
      'webp',
      512,
      384,
      undefined,
      undefined,
      undefined,
    ]);
    expect(bytes.includes('secret-owner')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    expect(storedFiles()).toHaveLength(1);
  });

  it('refuses a 16000×16000 PNG from its header, in Korean, and stores nothing', async () => {
    const bomb = pngBomb(16_000, 16_000);
    const res = await upload(bomb);
    console.log(
      `[uploads] a ${Math.round(bomb.length / 1024)} KB PNG of 256 megapixels → ${res.status} ${res.body.code}`,
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      status: '오류',
      code: 'IMAGE_TOO_LARGE',
      message: '이미지 해상도가 너무 큽니다. 2,500만 화소(가로×세로) 이하의 이미지를 올려주세요.',
    });
    expect(storedFiles()).toHaveLength(1);
  });

  it('counts every upload against RATE_LIMIT_UPLOAD (the bomb too) and refuses past it', async () => {
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    // 20 + 1 + 1 uploads so far; the allowance is 24.
    expect((await upload(small)).status).toBe(200);
    expect((await upload(small)).status).toBe(200);
    expectTooMany(
      await upload(small),
      'UPLOAD_RATE_LIMITED',
      '프로필 사진을 너무 자주 바꾸고 있습니다. 잠시 후 다시 시도해주세요.',
      '150',
    );
    // Editing the introduction is no upload.
    const form = new FormData();
    form.append('introduction', '사진은 그만');
    expect(
      (await server.call('PUT', `/api/users/mypage/${attacker.userId}`, { token: attacker.accessToken, body: form }))
        .status,
    ).toBe(200);
    expect(storedFiles()).toHaveLength(1);
  });
});
