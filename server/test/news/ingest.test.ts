import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedSource } from '../../src/news/ingest/feed-config.js';
import { readIngestConfig } from '../../src/news/ingest/feed-config.js';
import { ingestFeeds } from '../../src/news/ingest/run-ingest.js';
import { openNewsDb, type NewsDb } from './news-db.js';

const feedsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'feeds');

/** A local publisher: fixture feeds, an error, and one path that accepts and never answers. */
async function startFeedServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    if (name === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
    } else if (name === 'hang') {
      hanging.push(res); // headers never sent
    } else if (name === 'slow-body') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      res.write('<?xml version="1.0"?><rss version="2.0"><channel>'); // body never finished
      hanging.push(res);
    } else {
      try {
        const body = readFileSync(path.join(feedsDir, path.basename(name)));
        res
          .writeHead(200, { 'content-type': name.startsWith('atom') ? 'application/atom+xml' : 'application/xml' })
          .end(body);
      } catch {
        res.writeHead(404).end();
      }
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function captureLogger() {
  const lines: { level: number; msg: string; feed?: string; err?: string; inserted?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('feed ingest against a local publisher', () => {
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  let news: NewsDb;
  const now = Date.UTC(2025, 2, 10, 12, 0);
  let sources: FeedSource[];

  beforeAll(async () => {
    feeds = await startFeedServer();
    news = await openNewsDb('sqlite');
    const feed = (
      name: string,
      fields: Omit<FeedSource, 'url' | 'category'> & { category?: FeedSource['category'] },
    ): FeedSource => ({ url: `${feeds.base}/${name}`, category: 'ETC', ...fields });
    sources = [
      feed('rss-europe.xml', { publisher: 'HANI', continent: 'EU', category: 'PO' }),
      feed('malformed.xml', { publisher: 'SEGYE', continent: 'AM' }),
      feed('error', { publisher: 'SEGYE', continent: 'AM' }),
      feed('hang', { publisher: 'JOONGANG', continent: 'JP' }),
      feed('slow-body', { publisher: 'JOONGANG', continent: 'CN' }),
      feed('atom-asia.xml', { publisher: 'HANKOOK', continent: 'AS' }),
      feed('missing.xml', { publisher: 'HANKYUNG', continent: 'AF' }),
      feed('rss-euckr.xml', { publisher: 'SEGYE', continent: 'KR' }),
    ];
  });
  afterAll(async () => {
    await news?.close();
    await feeds?.stop();
  });

  it('stores exactly the good entries once, logs and skips the broken feeds, and completes', async () => {
    const { logger, lines } = captureLogger();
    const started = Date.now();
    const summary = await ingestFeeds(news.service.store, logger, { feeds: sources, timeoutMs: 400 }, () => now);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(summary).toEqual({ feeds: 8, failedFeeds: 5, entries: 10, inserted: 7, skipped: 3 });

    const listed = await news.storage.newsLists.page({ sort: 'LATEST' }, undefined, 100);
    const ids = listed.map((r) => r.id).sort((a, b) => a - b);
    const rows = await Promise.all(ids.map((id) => news.storage.news.findById(id)));
    expect(rows.map((r) => r?.canonicalLink)).toEqual([
      'https://hani.co.kr/arti/international/europe/1001.html',
      'https://hani.co.kr/arti/international/europe/1002.html',
      'https://hani.co.kr/arti/international/europe/1003.html',
      'https://hani.co.kr/arti/international/europe/1004.html?page=2',
      'https://hankookilbo.com/News/Read/A2025030410000001',
      'https://hankookilbo.com/News/Read/A2025030410000002',
      'https://segye.com/newsView/20250304500001',
    ]);
    const [a, b, c, d, h, i, j] = rows;
    // The article both feeds carry keeps the first listed feed's publisher and region.
    expect(a).toMatchObject({
      title: '유럽연합, 새 기후 법안 & 탄소 국경세 합의',
      content: '브뤼셀에서 열린 회의에서 27개 회원국이 합의했다. 세부 내용은 "다음 달" 발표된다.',
      link: 'https://www.hani.co.kr/arti/international/europe/1001.html',
      imgUrl: 'https://img.hani.co.kr/1001.jpg',
      newsType: 'HANI',
      continent: 'EU',
      category: 'PO',
      deliveryTime: Date.UTC(2025, 2, 4, 0, 30),
    });
    expect([...String(b!.content)].length).toBeLessThanOrEqual(250);
    expect(String(b!.content)).toMatch(/^베를린의 정당들이 .*촉구하고 있다\.$/);
    expect(b!.imgUrl).toBe('https://img.hani.co.kr/1002.jpg');
    expect(c).toMatchObject({
      imgUrl: 'https://img.hani.co.kr/1003.png',
      content: '파리 시내 교통이 멈췄다.',
      deliveryTime: Date.UTC(2025, 2, 1, 22, 15),
    });
    expect(d).toMatchObject({
      imgUrl: 'https://img.hani.co.kr/1004-thumb.jpg',
      link: 'https://www.hani.co.kr/arti/international/europe/1004.html?page=2',
    });
    expect(h).toMatchObject({
      title: '인도네시아 <신수도> 이전 속도',
      content: '자카르타에서 누산타라로… 공무원 이주가 시작됐다.',
      imgUrl: 'https://img.hankookilbo.com/h.jpg',
      newsType: 'HANKOOK',
      continent: 'AS',
      category: 'ETC',
    });
    expect(i).toMatchObject({
      imgUrl: 'https://img.hankookilbo.com/i.webp',
      content: '하노이 — 전자제품 수출이 늘었다.',
      link: 'https://www.hankookilbo.com/News/Read/A2025030410000002',
      deliveryTime: Date.UTC(2025, 2, 3, 3),
    });
    expect(j).toMatchObject({
      title: '부산 엑스포 부지 활용 방안 공청회',
      continent: 'KR',
      newsType: 'SEGYE',
      imgUrl: null,
    });

    const skipped = lines.filter((l) => l.msg === 'news feed skipped');
    const reason = (name: string) => skipped.find((l) => l.feed === `${feeds.base}/${name}`)?.err;
    expect(skipped).toHaveLength(5);
    expect(reason('malformed.xml')).toMatch(/^malformed XML/);
    expect(reason('error')).toBe('HTTP 500');
    expect(reason('hang')).toBe('timed out after 400 ms');
    expect(reason('slow-body')).toBe('timed out after 400 ms');
    expect(reason('missing.xml')).toBe('HTTP 404');
    expect(skipped.every((l) => l.level === 40)).toBe(true);
    expect(lines.some((l) => l.msg === 'news ingest finished')).toBe(true);
  });

  it('a second run finds nothing new, and the new items are searchable at once', async () => {
    const { logger } = captureLogger();
    const summary = await ingestFeeds(
      news.service.store,
      logger,
      { feeds: sources, timeoutMs: 400 },
      () => now + 60_000,
    );
    expect(summary.inserted).toBe(0);
    expect(await news.service.store.count()).toBe(7);
    const found = (await news.service.list({ sort: 'LATEST', q: '누산타라' }, undefined)).content.map((n) => n.title);
    expect(found).toEqual(['인도네시아 <신수도> 이전 속도']);
  });
});

describe('ingest settings', () => {
  it('defaults to the publishers’ own feeds every 30 minutes, off under vitest unless asked', () => {
    const defaults = readIngestConfig({});
    expect(defaults.intervalMinutes).toBe(30);
    expect(new Set(defaults.feeds.map((f) => f.publisher))).toEqual(
      new Set(['JOONGANG', 'HANI', 'HANKYUNG', 'HANKOOK', 'SEGYE']),
    );
    expect(defaults.feeds.every((f) => f.url.startsWith('https://'))).toBe(true);
    expect(readIngestConfig({ VITEST: 'true' }).intervalMinutes).toBe(0);
    expect(readIngestConfig({ VITEST: 'true', NEWS_INGEST_INTERVAL_MINUTES: '5' }).intervalMinutes).toBe(5);
  });

  it('reads a feed list from NEWS_FEEDS and refuses a bad one', () => {
    const config = readIngestConfig({
      NEWS_FEEDS: JSON.stringify([{ url: 'https://a.test/rss', publisher: 'HANI', continent: 'JP' }]),
    });
    expect(config.feeds).toEqual([{ url: 'https://a.test/rss', publisher: 'HANI', continent: 'JP', category: 'ETC' }]);
    expect(() =>
      readIngestConfig({
        NEWS_FEEDS: JSON.stringify([{ url: 'file:///etc/passwd', publisher: 'HANI', continent: 'JP' }]),
      }),
    ).toThrow();
    expect(() =>
      readIngestConfig({ NEWS_FEEDS: JSON.stringify([{ url: 'https://a.test', publisher: 'NYT', continent: 'JP' }]) }),
    ).toThrow();
  });
});
