import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalLink, cleanLink } from '../../src/news/ingest/canonical-link.js';
import { firstImageSrc, htmlToText, LEAD_MAX_CHARS, toLead } from '../../src/news/ingest/html-text.js';
import { publishedAt } from '../../src/news/ingest/normalise.js';

const key = (raw: string) => {
  const url = cleanLink(raw);
  if (!url) throw new Error(`no link: ${raw}`);
  return canonicalLink(url);
};

describe('canonical link', () => {
  it('gives one key for the same article behind tracking tails, fragments, scheme, www and parameter order', () => {
    const same = [
      'https://www.hani.co.kr/arti/1001.html?a=1&b=2',
      'http://hani.co.kr/arti/1001.html?b=2&a=1&utm_source=rss&utm_medium=feed',
      'https://WWW.HANI.CO.KR:443/arti/1001.html?fbclid=x&a=1&b=2#comments',
      'https://hani.co.kr/arti/1001.html/?gclid=1&a=1&b=2',
    ];
    expect(new Set(same.map(key))).toEqual(new Set(['https://hani.co.kr/arti/1001.html?a=1&b=2']));
  });

  it('keeps parameters that choose the article and drops only tracking ones from the reader link', () => {
    expect(cleanLink('https://www.segye.com/newsView?id=77&utm_campaign=a&ref=rss#x')?.href).toBe(
      'https://www.segye.com/newsView?id=77',
    );
    expect(key('https://segye.com/newsView?id=77')).not.toBe(key('https://segye.com/newsView?id=78'));
  });

  it('refuses anything but http(s) and resolves relative links against the feed', () => {
    expect(cleanLink('javascript:alert(1)')).toBeUndefined();
    expect(cleanLink('ftp://example.com/a')).toBeUndefined();
    expect(cleanLink('not a url')).toBeUndefined();
    expect(cleanLink('/arti/9.html', 'https://www.hani.co.kr/rss/')?.href).toBe('https://www.hani.co.kr/arti/9.html');
  });
});

describe('HTML to text', () => {
  it('drops tags, scripts and comments, decodes entities, keeps inline words together', () => {
    const html =
      '<p>서울 <b>27개</b>국&nbsp;회의 &quot;합의&quot; &amp; 발표&#8230;</p><script>alert(1)</script><!-- x --><br/>끝&#x21;';
    expect(htmlToText(html)).toBe('서울 27개국 회의 "합의" & 발표… 끝!');
  });

  it('reads feeds that escaped their HTML twice', () => {
    expect(htmlToText('&lt;p&gt;자카르타&amp;hellip; 이주&lt;/p&gt;')).toBe('자카르타… 이주');
  });

  it('finds the first image source', () => {
    expect(firstImageSrc('<div><img alt="x" src="https://i.test/a.png?w=1&amp;h=2"><img src="b.png"></div>')).toBe(
      'https://i.test/a.png?w=1&h=2',
    );
    expect(firstImageSrc('<p>없음</p>')).toBeUndefined();
  });
});

describe('lead', () => {
  const word = fc.constantFrom(
    '정부는',
    '오늘',
    '발표했다.',
    '경제',
    '협상이',
    '이어졌다!',
    '무엇인가?',
    'EU',
    '2025년',
    '기후',
  );
  const text = fc.array(word, { minLength: 0, maxLength: 150 }).map((w) => w.join(' '));

  it('is at most 250 characters, the text itself when short, else a cut at a sentence or word boundary', () => {
    fc.assert(
      fc.property(text, (t) => {
        const lead = toLead(t);
        const chars = [...lead].length;
        expect(chars).toBeLessThanOrEqual(LEAD_MAX_CHARS);
        if ([...t].length <= LEAD_MAX_CHARS) {
          expect(lead).toBe(t);
          return;
        }
        expect(chars).toBeGreaterThanOrEqual(120);
        const body = lead.endsWith('…') ? lead.slice(0, -1) : lead;
        expect(t.startsWith(body)).toBe(true);
        // A cut lands between words: never inside one.
        expect([' ', undefined]).toContain(t[body.length]);
      }),
    );
  });

  it('prefers the last sentence end', () => {
    const t = `${'가'.repeat(150)}. ${'나'.repeat(200)}`;
    expect(toLead(t)).toBe(`${'가'.repeat(150)}.`);
  });
});

describe('publication time', () => {
  const now = Date.UTC(2025, 2, 10);
  it('reads RFC 822, ISO and bare Korean-time dates, and falls back to the fetch time', () => {
    expect(publishedAt('Tue, 04 Mar 2025 09:30:00 +0900', now)).toBe(Date.UTC(2025, 2, 4, 0, 30));
    expect(publishedAt('2025-03-04T01:02:03Z', now)).toBe(Date.UTC(2025, 2, 4, 1, 2, 3));
    expect(publishedAt('2025-03-02 07:15:00', now)).toBe(Date.UTC(2025, 2, 1, 22, 15));
    expect(publishedAt('2025.03.02 07:15', now)).toBe(Date.UTC(2025, 2, 1, 22, 15));
    expect(publishedAt(undefined, now)).toBe(now);
    expect(publishedAt('어제', now)).toBe(now);
    expect(publishedAt('2099-01-01T00:00:00Z', now)).toBe(now);
  });
});
