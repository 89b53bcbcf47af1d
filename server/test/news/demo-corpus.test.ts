import { loadDemoNews } from '@toron/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoNews } from '../../src/news/seed.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';

type Item = {
  id: number;
  title: string;
  deliveryTime: string;
  imgUrl: string;
  newsType: string;
  continentType: string;
};
type Page = { content: Item[]; hasNext: boolean };

describe('demo news corpus served by our own server', () => {
  let server: TestServer;
  let me: Session;
  const demo = loadDemoNews();

  beforeAll(async () => {
    server = await startTestServer();
    me = await server.signUpMember('corpus-reader', '독자');
  });
  afterAll(async () => server?.stop());

  const get = <T>(path: string) => server.call('GET', path, { token: me.accessToken }).then((r) => r.body.data as T);
  const publicUrl = () => server.deps.config.publicUrl;

  it('is loaded once on first start, published publishedOffsetMinutes before load', async () => {
    expect(await server.deps.storage.news.count()).toBe(demo.length);
    expect((await seedDemoNews(server.deps)).created).toBe(0);
    const first = (await get<Page>('/api/news?sort=LATEST')).content[0]!;
    const newest = [...demo].sort((a, b) => a.publishedOffsetMinutes - b.publishedOffsetMinutes)[0]!;
    expect(first.title).toBe(newest.title);
    expect(Date.now() - Date.parse(first.deliveryTime)).toBeGreaterThanOrEqual(newest.publishedOffsetMinutes * 60_000);
    expect(Date.now() - Date.parse(first.deliveryTime)).toBeLessThan(newest.publishedOffsetMinutes * 60_000 + 120_000);
    expect(first.imgUrl).toBe(`${publicUrl()}/news-images/${newest.image}`);
  });

  it('ranking is full before anyone likes anything', async () => {
    expect(await get<Item[]>('/api/news/ranking')).toHaveLength(10);
  });

  it('finds demo items by a 2-character and a 3+-character Korean piece of their title', async () => {
    // A title with a run of four Hangul syllables: its first 2, 3 and 4 are the search terms.
    const target = demo.find((n) => /[가-힣]{4}/.test(n.title))!;
    const run = /[가-힣]{4}/.exec(target.title)![0];
    for (const len of [2, 3, 4]) {
      const q = run.slice(0, len);
      const want = demo.filter((n) => n.title.includes(q) || n.content.includes(q)).length;
      const seen: number[] = [];
      let cursor: number | undefined;
      for (;;) {
        const page = await get<Page>(`/api/news?q=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.content.map((n) => n.id));
        if (!page.hasNext) break;
        cursor = page.content.at(-1)!.id;
      }
      expect(seen.length, q).toBe(want);
      const titles = await Promise.all(seen.map(async (id) => (await server.deps.storage.news.findById(id))?.title));
      expect(titles, q).toContain(target.title);
    }
  });

  it('links each item to an article page our server serves, frameable by our own origin only', async () => {
    const item = (await get<Page>('/api/news?sort=LATEST')).content[0]!;
    const detail = await get<{ link: string; title: string }>(`/api/news/${item.id}`);
    expect(detail.link).toMatch(new RegExp(`^${publicUrl()}/news-articles/\\d+$`));
    const page = await fetch(detail.link.replace(publicUrl(), server.url));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    const html = await page.text();
    expect(html).toContain(
      detail.title
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;'),
    );
    expect(html).toContain(`${publicUrl()}/news-images/`);
    expect((await fetch(`${server.url}/news-articles/99999999`)).status).toBe(404);
  });

  it('serves the images immutable, SVG with a restrictive policy, and nothing outside the image folder', async () => {
    const image = await fetch(`${server.url}/news-images/${demo[0]!.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect((await image.text()).trimStart().startsWith('<')).toBe(true);
    for (const bad of ['missing.svg', '..%2Fnews.json', '%2E%2E%2Fsource', 'news.json', '.hidden.svg']) {
      const res = await fetch(`${server.url}/news-images/${bad}`);
      expect(res.status, bad).toBe(404);
    }
  });
});
