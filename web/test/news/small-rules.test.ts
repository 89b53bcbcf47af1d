import { describe, expect, it } from 'vitest';
import { canEmbed, initialFrameState, nextFrameState, type FrameEvent } from '../../src/features/news/article-frame';
import { newsFeedQuery } from '../../src/features/news/news-feed';
import { newsQueryHref, parseNewsQuery, type NewsQuery } from '../../src/features/news/news-query';
import { showsScrollTop, SCROLL_TOP_THRESHOLD } from '../../src/features/news/scroll-top';
import { splitFeatured } from '../../src/features/home/ranking';
import { homeDateTitle } from '../../src/features/home/today';
import { publisherLabel } from '../../src/lib/news-item';

describe('news list address', () => {
  it('reads region, sort and search, falling back to all regions, latest first', () => {
    expect(parseNewsQuery('continent=JP&sort=POPULAR&q=%20%EC%84%A0%EA%B1%B0%20')).toEqual({
      continent: 'JP',
      sort: 'POPULAR',
      q: '선거',
    });
    expect(parseNewsQuery('')).toEqual({ continent: 'all', sort: 'LATEST', q: '' });
    expect(parseNewsQuery('continent=XX&sort=odd')).toEqual({ continent: 'all', sort: 'LATEST', q: '' });
  });

  it('writes the address the header links use, adding only what differs from the defaults', () => {
    expect(newsQueryHref({ continent: 'all', sort: 'LATEST', q: '' })).toBe('/news?continent=all');
    expect(newsQueryHref({ continent: 'KR', sort: 'POPULAR', q: '기후 위기' })).toBe(
      '/news?continent=KR&sort=POPULAR&q=%EA%B8%B0%ED%9B%84+%EC%9C%84%EA%B8%B0',
    );
    const query = { continent: 'EU' as const, sort: 'LATEST' as const, q: '반도체' };
    expect(parseNewsQuery(newsQueryHref(query).split('?')[1] ?? '')).toEqual(query);
  });

  it('names each query so a change of any part starts a new list', () => {
    const key = (query: NewsQuery) => JSON.stringify(newsFeedQuery(query).queryKey);
    const keys = new Set([
      key({ continent: 'all', sort: 'LATEST', q: '' }),
      key({ continent: 'KR', sort: 'LATEST', q: '' }),
      key({ continent: 'all', sort: 'POPULAR', q: '' }),
      key({ continent: 'all', sort: 'LATEST', q: '선거' }),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe('scroll-to-top threshold', () => {
  it('shows only after more than 200 px', () => {
    expect(SCROLL_TOP_THRESHOLD).toBe(200);
    expect(showsScrollTop(0)).toBe(false);
    expect(showsScrollTop(200)).toBe(false);
    expect(showsScrollTop(201)).toBe(true);
  });
});

describe('article frame', () => {
  it('frames only pages of our own origin', () => {
    const origin = 'http://127.0.0.1:8080';
    expect(canEmbed('http://127.0.0.1:8080/news-articles/5', origin)).toBe(true);
    expect(canEmbed('/news-articles/5', origin)).toBe(true);
    expect(canEmbed('https://www.hani.co.kr/arti/1.html', origin)).toBe(false);
    expect(canEmbed('javascript:alert(1)', origin)).toBe(false);
    expect(canEmbed('http://127.0.0.1:9090/news-articles/5', origin)).toBe(false);
  });

  const run = (embeddable: boolean, events: FrameEvent[]) =>
    events.reduce(nextFrameState, initialFrameState(embeddable)).phase;

  it('keeps the skeleton for the full 2 s even when the page loads at once, and as long as the page loads', () => {
    expect(run(true, [])).toBe('waiting');
    expect(run(true, ['loaded'])).toBe('waiting');
    expect(run(true, ['loaded', 'skeleton-done'])).toBe('shown');
    expect(run(true, ['skeleton-done'])).toBe('waiting');
    expect(run(true, ['skeleton-done', 'loaded'])).toBe('shown');
  });

  it('falls back to the card when the page never loads, is refused, or is on another site', () => {
    expect(run(true, ['skeleton-done', 'timeout'])).toBe('failed');
    expect(run(true, ['blocked'])).toBe('failed');
    expect(run(true, ['skeleton-done', 'timeout', 'loaded'])).toBe('failed');
    expect(run(true, ['loaded', 'skeleton-done', 'timeout'])).toBe('shown');
    expect(run(false, ['loaded', 'skeleton-done'])).toBe('failed');
  });
});

describe('home', () => {
  it('features the first article and puts the rest in the grid', () => {
    expect(splitFeatured([1, 2, 3, 4])).toEqual({ featured: 1, rest: [2, 3, 4] });
    expect(splitFeatured([1])).toEqual({ featured: 1, rest: [] });
    expect(splitFeatured([])).toEqual({ featured: null, rest: [] });
  });

  it('titles the page with today in Korea', () => {
    expect(homeDateTitle(Date.UTC(2026, 10, 21, 3))).toBe('2026년 11월 21일 토요일');
    // 23:30 UTC is already the next morning in Seoul.
    expect(homeDateTitle(Date.UTC(2026, 10, 21, 23, 30))).toBe('2026년 11월 22일 일요일');
  });
});

describe('news wording', () => {
  it('names the publishers in Korean and shows unknown codes as they came', () => {
    expect(publisherLabel('JOONGANG')).toBe('중앙일보');
    expect(publisherLabel('HANI')).toBe('한겨레');
    expect(publisherLabel('NEWCOMER')).toBe('NEWCOMER');
  });
});
