import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINENT_LABELS, PUBLISHER_LABELS } from '@toron/engine';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { createRoom, Live, members, seatPair } from '../debates/support.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectCardPng, fakeWebDist, tagsOf } from './support.js';

// The recorded 1:1 room of the demo data: 김민지 (찬성) against 이준호 (반대), 3 : 1 : 0 in the vote,
// observers 정하은 and 강지호 voted and 정하은 chatted.
const FINISHED = '6a1f0c3e-8d2b-4f5a-9c71-0e4b2d6f8a13';

let server: TestServer;
let web: ReturnType<typeof fakeWebDist>;
const clients: Live[] = [];

beforeAll(async () => {
  web = fakeWebDist();
  server = await startTestServer({ WEB_DIST: web.dir });
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
  web.remove();
});

async function page(path: string): Promise<{ html: string; tags: Record<string, string>; headers: Headers }> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  return { html, tags: tagsOf(html), headers: res.headers };
}

const versionOf = (imageUrl: string | undefined) => new URL(imageUrl ?? '').searchParams.get('v');

async function picture(url: string): Promise<{ res: Response; body: Uint8Array }> {
  const res = await fetch(url);
  return { res, body: new Uint8Array(await res.arrayBuffer()) };
}

describe('link previews of debates', () => {
  it('a finished debate: title, result with the shares, both sides, the archive canonical, its picture', async () => {
    for (const path of [`/archived-room/${FINISHED}`, `/observing-zone/${FINISHED.toUpperCase()}`]) {
      const { html, tags } = await page(path);
      expect(tags).toMatchObject({
        'og:site_name': '토론 Toron',
        'og:locale': 'ko_KR',
        'og:type': 'website',
        'og:title': '기본소득 도입, 찬성하시나요?',
        'og:url': `${server.url}/archived-room/${FINISHED}`,
        canonical: `${server.url}/archived-room/${FINISHED}`,
        'og:image:type': 'image/png',
        'og:image:width': '1200',
        'og:image:height': '630',
        'twitter:card': 'summary_large_image',
        'twitter:title': '기본소득 도입, 찬성하시나요?',
      });
      expect(tags['og:description']).toBe(
        '찬성 측 승리 (찬성 75% · 반대 25% · 기권 0%) · 찬성 김민지 vs 반대 이준호 · 전 국민 기본소득의 득과 실',
      );
      expect(tags.description).toBe(tags['og:description']);
      expect(tags['twitter:description']).toBe(tags['og:description']);
      expect(tags['og:image']).toMatch(new RegExp(`^${server.url}/previews/rooms/${FINISHED}\\.png\\?v=[\\w-]{16}$`));
      expect(tags['twitter:image']).toBe(tags['og:image']);
      expect(tags['og:image:alt']).toBe('기본소득 도입, 찬성하시나요?: 찬성 김민지 vs 반대 이준호, 찬성 측 승리');
      // The default description is replaced, not repeated; the rest of the shell is untouched.
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html).toContain('<div id="root"></div>');
      // Who voted or watched, and what anyone said, is not the card's business.
      for (const hidden of ['정하은', '강지호', '드디어 시작하네요', '재원 얘기', '기본소득은 복지']) {
        expect(html).not.toContain(hidden);
      }
    }

    const { tags } = await page(`/archived-room/${FINISHED}`);
    const first = await picture(tags['og:image']!);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get('content-type')).toBe('image/png');
    expect(first.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expectCardPng(first.body);
    // Cached: the same bytes again; an unversioned URL gets the current picture for a short while.
    const again = await picture(tags['og:image']!);
    expect(Buffer.from(again.body).equals(Buffer.from(first.body))).toBe(true);
    const bare = await picture(`${server.url}/previews/rooms/${FINISHED}.png`);
    expect(bare.res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(Buffer.from(bare.body).equals(Buffer.from(first.body))).toBe(true);
  });

  it('other endings say how the room ended', async () => {
    const description = async (roomId: string) => (await page(`/archived-room/${roomId}`)).tags['og:description'];
    expect(await description('2d8f6a4b-1e3c-4b7d-8f9a-0b1c2d3e4f5a')).toMatch(
      /^(찬성|반대) 측 부전승 · 찬성 .+ vs 반대 /,
    );
    expect(await description('1c9e7b2a-3f4d-4e8a-b5c6-7d8e9f0a1b2c')).toMatch(/^토론 종료 · 승패 없음 · /);
    expect(await description('3e7a5b9c-2f1d-4c8e-9a0b-1c2d3e4f5a6b')).toMatch(/^토론자가 나가 끝난 토론 · /);
  });

  it('a live debate: recruiting, then running; the live room is canonical; its picture follows', async () => {
    // The creator takes a seat through the socket, so a new room has nobody seated yet.
    const [pro, con] = await members(server, 2, '공유');
    const roomId = await createRoom(server, pro!.accessToken, {
      title: '주 4일제, 지금 도입할까',
      description: '생산성과 삶의 질',
    });
    const recruiting = (await page(`/observing-zone/${roomId}`)).tags;
    expect(recruiting).toMatchObject({
      'og:title': '주 4일제, 지금 도입할까',
      'og:description': '토론자 모집 중 · 찬성 모집 중 vs 반대 모집 중 · 생산성과 삶의 질',
      'og:url': `${server.url}/observing-zone/${roomId}`,
    });
    await expectCardPng((await picture(recruiting['og:image']!)).body);

    clients.push(...(await seatPair(server, roomId, pro!, con!)));
    for (const path of [`/observing-zone/${roomId}`, `/archived-room/${roomId}`]) {
      const live = (await page(path)).tags;
      expect(live).toMatchObject({
        'og:description': `토론 진행 중 · 찬성 ${pro!.nickname} vs 반대 ${con!.nickname} · 생산성과 삶의 질`,
        'og:url': `${server.url}/observing-zone/${roomId}`,
      });
      expect(versionOf(live['og:image'])).not.toBe(versionOf(recruiting['og:image']));
      const shot = await picture(live['og:image']!);
      expect(shot.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await expectCardPng(shot.body);
    }
  });

  it('what people wrote is escaped in the tags', async () => {
    const [author] = await members(server, 1, '태그');
    const title = "\"><script>x</script>&'따옴'";
    const roomId = await createRoom(server, author!.accessToken, {
      title,
      description: '<img src=x onerror=y>',
    });
    const { html, tags } = await page(`/observing-zone/${roomId}`);
    expect(html).not.toContain('<script>x');
    expect(html).not.toContain('<img src=x');
    expect(tags['og:title']).toBe(title);
    expect(tags['og:description']).toContain('<img src=x onerror=y>');
  });
});

describe('link previews of news and members', () => {
  it('a news item: title, publisher and region, the opening of its text, its own picture', async () => {
    const row = (server.deps.storage as SqliteStorage).database.sqlite
      .prepare(
        'SELECT id, title, content, img_url AS imgUrl, news_type AS newsType, continent, delivery_time AS at' +
          ' FROM news ORDER BY id LIMIT 1',
      )
      .get() as {
      id: number;
      title: string;
      content: string;
      imgUrl: string | null;
      newsType: keyof typeof PUBLISHER_LABELS;
      continent: keyof typeof CONTINENT_LABELS;
      at: number;
    };
    const { tags } = await page(`/news/${row.id}`);
    expect(tags).toMatchObject({
      'og:type': 'article',
      'og:title': row.title,
      'og:url': `${server.url}/news/${row.id}`,
      'article:published_time': new Date(row.at).toISOString(),
    });
    expect(
      tags['og:description']!.startsWith(`${PUBLISHER_LABELS[row.newsType]} · ${CONTINENT_LABELS[row.continent]} — `),
    ).toBe(true);
    expect([...tags['og:description']!].length).toBeLessThanOrEqual(180);
    const image = row.imgUrl ?? '/previews/site.png';
    expect(tags['og:image']).toBe(image.startsWith('/') ? `${server.url}${image}` : image);
    expect((await fetch(tags['og:image']!)).status).toBe(200);
  });

  it('a member page: nickname, record, introduction; never private lists, the role or the sign-in', async () => {
    const key = `share-member-${process.pid}`;
    const member = await server.signUpMember(key, '공유테스터');
    (server.deps.storage as SqliteStorage).database.sqlite
      .prepare('UPDATE users SET win_number = 4, draw_number = 1, defeat_number = 2 WHERE id = ?')
      .run(member.userId);
    const [liked, saved] = (server.deps.storage as SqliteStorage).database.sqlite
      .prepare('SELECT id, title FROM news ORDER BY id DESC LIMIT 2')
      .all() as {
      id: number;
      title: string;
    }[];
    const privacy = (value: string) => {
      const form = new FormData();
      form.append('newsListsPrivate', value);
      return server.call('PUT', `/api/users/mypage/${member.userId}`, { token: member.accessToken, body: form });
    };
    expect((await privacy('true')).status).toBe(200);
    await server.call('POST', `/api/news/${liked!.id}/like`, { token: member.accessToken });
    await server.call('POST', `/api/news/${saved!.id}/bookmark`, { token: member.accessToken });

    const { html, tags } = await page(`/user-page/${member.userId}`);
    expect(tags).toMatchObject({
      'og:type': 'profile',
      'og:title': '공유테스터님의 토론 프로필',
      'og:description': '4승 1무 2패 · 안녕하세요',
      'profile:username': '공유테스터',
      'og:url': `${server.url}/user-page/${member.userId}`,
      'og:image:width': '1200',
    });
    for (const hidden of [liked!.title, saved!.title, key, 'ROLE_', 'google', 'Private'])
      expect(html).not.toContain(hidden);
    const shot = await picture(tags['og:image']!);
    await expectCardPng(shot.body);

    // The picture is made from the public facts alone: the lists and their privacy do not change it.
    expect((await privacy('false')).status).toBe(200);
    await server.call('DELETE', `/api/news/${saved!.id}/bookmark`, { token: member.accessToken });
    expect((await page(`/user-page/${member.userId}`)).tags['og:image']).toBe(tags['og:image']);
    const form = new FormData();
    form.append('introduction', '근거로 말합니다');
    await server.call('PUT', `/api/users/mypage/${member.userId}`, { token: member.accessToken, body: form });
    const edited = (await page(`/user-page/${member.userId}`)).tags;
    expect(edited['og:description']).toBe('4승 1무 2패 · 근거로 말합니다');
    expect(versionOf(edited['og:image'])).not.toBe(versionOf(tags['og:image']));

    // A banned member has no card.
    await server.setRole(member.userId, 'ROLE_BANNED');
    const banned = await page(`/user-page/${member.userId}`);
    expect(banned.tags['og:title']).toBe('토론 · Toron');
    expect(banned.html).not.toContain('공유테스터');
    expect((await fetch(`${server.url}/previews/users/${member.userId}.png`)).status).toBe(404);
  });
});

describe('pages without a card of their own', () => {
  it('unknown or malformed ids get the site preview, never an error', async () => {
    for (const path of [
      `/archived-room/${randomUUID()}`,
      '/archived-room/not-a-room',
      `/observing-zone/${randomUUID()}`,
      '/news/99999999',
      '/news/-1',
      '/news/abc',
      '/user-page/99999999',
      '/user-page/0',
      '/user-page/1.5',
    ]) {
      const { tags } = await page(path);
      expect(tags, path).toMatchObject({
        'og:title': '토론 · Toron',
        'og:image': `${server.url}/previews/site.png`,
        description: '뉴스를 읽고, 찬반으로 나뉘어 실시간으로 토론하는 서비스 토론(Toron)',
      });
      expect(tags['og:url'], path).toBeUndefined();
    }
    for (const path of [
      `/previews/rooms/${randomUUID()}.png`,
      '/previews/rooms/not-a-room.png',
      `/previews/rooms/${FINISHED}.jpg`,
      '/previews/users/0.png',
      '/previews/users/abc.png',
      '/previews/nothing',
    ]) {
      const res = await server.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.status, path).toBe('오류');
    }
    await expectCardPng((await picture(`${server.url}/previews/site.png`)).body);
  });

  it('the landing page and other app pages carry the site preview under the app policy', async () => {
    const landing = await page('/');
    expect(landing.tags).toMatchObject({ 'og:title': '토론 · Toron', 'og:url': `${server.url}/` });
    const list = await page('/debate-rooms');
    expect(list.tags['og:title']).toBe('토론 · Toron');
    expect(list.tags['og:url']).toBeUndefined();
    const shared = await page(`/archived-room/${FINISHED}`);
    for (const { headers } of [landing, list, shared]) {
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('cache-control')).toBe('no-cache');
    }
  });
});

describe('preview rendering is bounded per address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PREVIEW: '1/1m' });
  });
  afterAll(() => limited.stop());

  it('only renders count: a second new card in the window is refused, a cached one is not', async () => {
    const [a, b] = await members(limited, 2, '한도');
    expect((await fetch(`${limited.url}/previews/users/${a!.userId}.png`)).status).toBe(200);
    const refused = await limited.call('GET', `/previews/users/${b!.userId}.png`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: '오류', code: 'PREVIEW_RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${limited.url}/previews/users/${a!.userId}.png`)).status).toBe(200);
    // Without a web build the shared pages show the server's notice, as every app page does.
    const notBuilt = await fetch(`${limited.url}/archived-room/${FINISHED}`);
    expect(notBuilt.status).toBe(200);
    expect(await notBuilt.text()).toContain('웹 앱이 아직 빌드되지 않았습니다');
  });
});
