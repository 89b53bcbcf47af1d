/**
 * The news store on both engines: dedupe by canonical link, lookups, the ranking order, and
 * reactions whose counters stay equal to their rows — also when many clients click at once.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { newsRow } from './news-db.js';

describe.each(ENGINES)('news store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const news = () => storage().news;

  it('inserts items once per canonical link and finds them by id and link', async () => {
    expect(await news().insertMany([newsRow(1), newsRow(2), newsRow(1)])).toBe(2);
    expect(await news().insertMany([newsRow(2), newsRow(3, { title: '한국어 제목' })])).toBe(1);
    expect(await news().count()).toBe(3);
    const byLink = await news().findByLink('https://news.test/3');
    expect(byLink).toMatchObject({ title: '한국어 제목', likeCount: 0, bookmarkCount: 0, imgUrl: null });
    expect(await news().findById(byLink!.id)).toEqual(byLink);
    expect(await news().findById(999_999)).toBeUndefined();
    expect(await news().findByLink('https://news.test/404')).toBeUndefined();
  });

  it('ranks by likes, then newest, then id', async () => {
    await news().insertMany([1, 2, 3, 4].map((n) => newsRow(n, { deliveryTime: n === 4 ? 0 : n * 1000 })));
    const [u1, u2] = await insertMembers(storage(), 2);
    const id = async (n: number) => (await news().findByLink(`https://news.test/${n}`))!.id;
    await news().setReaction('like', u1!.id, await id(4), true, 1);
    await news().setReaction('like', u2!.id, await id(4), true, 1);
    await news().setReaction('like', u1!.id, await id(1), true, 1);
    const ranked = (await news().ranking(10)).map((r) => r.link);
    expect(ranked).toEqual([4, 1, 3, 2].map((n) => `https://news.test/${n}`));
    expect(await news().ranking(2)).toHaveLength(2);
  });

  it('adds and removes reactions idempotently, moving the counter only on a real change', async () => {
    await news().insertMany([newsRow(1), newsRow(2)]);
    const [me] = await insertMembers(storage(), 1);
    const item = (await news().findByLink('https://news.test/1'))!;
    const other = (await news().findByLink('https://news.test/2'))!;
    expect(await news().setReaction('like', me!.id, item.id, true, 10)).toBe('CHANGED');
    expect(await news().setReaction('like', me!.id, item.id, true, 11)).toBe('UNCHANGED');
    expect(await news().setReaction('bookmark', me!.id, item.id, true, 12)).toBe('CHANGED');
    expect(await news().setReaction('bookmark', me!.id, other.id, true, 13)).toBe('CHANGED');
    expect(await news().setReaction('like', me!.id, 999_999, true, 14)).toBe('NEWS_NOT_FOUND');
    expect(await news().findById(item.id)).toMatchObject({ likeCount: 1, bookmarkCount: 1 });
    expect(await news().hasReaction('like', me!.id, item.id)).toBe(true);
    expect(await news().hasReaction('like', me!.id, other.id)).toBe(false);
    expect((await news().reactionsOf('bookmark', me!.id)).map((r) => [r.newsId, r.createdAt])).toEqual([
      [other.id, 13],
      [item.id, 12],
    ]);
    expect(await news().setReaction('like', me!.id, item.id, false, 15)).toBe('CHANGED');
    expect(await news().setReaction('like', me!.id, item.id, false, 16)).toBe('UNCHANGED');
    expect(await news().findById(item.id)).toMatchObject({ likeCount: 0, bookmarkCount: 1 });
  });

  it('race: counters equal their rows after many users click like and unlike at once', async () => {
    await news().insertMany([newsRow(1), newsRow(2)]);
    const users = await insertMembers(storage(), 6);
    const [liked, mixed] = [
      (await news().findByLink('https://news.test/1'))!,
      (await news().findByLink('https://news.test/2'))!,
    ];
    await Promise.all(
      users.flatMap((u) => Array.from({ length: 5 }, (_, k) => news().setReaction('like', u.id, liked.id, true, k))),
    );
    expect((await news().findById(liked.id))?.likeCount).toBe(6);
    await Promise.all(
      users.flatMap((u, i) =>
        Array.from({ length: 6 }, (_, k) => news().setReaction('bookmark', u.id, mixed.id, (i + k) % 2 === 0, k)),
      ),
    );
    const rows = await Promise.all(users.map((u) => news().hasReaction('bookmark', u.id, mixed.id)));
    expect((await news().findById(mixed.id))?.bookmarkCount).toBe(rows.filter(Boolean).length);
  });
});

describe.each(ENGINES)('news list store on %s: search', (engine) => {
  const storage = useTestStorage(engine);

  it('matches a substring of title or content, ignoring ASCII case, with LIKE wildcards taken literally', async () => {
    await storage().news.insertMany([
      newsRow(1, { title: 'AI반도체 100% 국산화', content: '본문' }),
      newsRow(2, { title: '제목', content: 'ai칩 소식, a_b 표기' }),
      newsRow(3, { title: '기후', content: '변화' }),
    ]);
    const search = async (q: string) =>
      (await storage().newsLists.page({ sort: 'LATEST', q }, undefined, 10)).map((r) => r.title).sort();
    expect(await search('ai')).toEqual(['AI반도체 100% 국산화', '제목']);
    expect(await search('반도체')).toEqual(['AI반도체 100% 국산화']);
    expect(await search('0%')).toEqual(['AI반도체 100% 국산화']);
    expect(await search('%')).toEqual(['AI반도체 100% 국산화']);
    expect(await search('a_b')).toEqual(['제목']);
    expect(await search('_')).toEqual(['제목']);
    expect(await search('후변')).toEqual([]);
    expect(await search('기')).toEqual(['기후', '제목']);
  });

  it('answers 1- and 2-character terms, Hangul and Latin, found and found nowhere', async () => {
    await storage().news.insertMany([
      newsRow(1, { title: '반도체 수출', content: 'Chip 산업' }),
      newsRow(2, { title: '선거 결과', content: '투표율 Élan' }),
      newsRow(3, { title: '수출입 동향', content: 'élan vital' }),
    ]);
    const search = async (q: string) =>
      (await storage().newsLists.page({ sort: 'LATEST', q }, undefined, 10)).map((r) => r.title).sort();
    expect(await search('수')).toEqual(['반도체 수출', '수출입 동향']);
    expect(await search('수출')).toEqual(['반도체 수출', '수출입 동향']);
    expect(await search('선거')).toEqual(['선거 결과']);
    expect(await search('없')).toEqual([]);
    expect(await search('없는')).toEqual([]);
    // A pair across the end of the title and the start of the content is no match.
    expect(await search('출C')).toEqual([]);
    expect(await search('C')).toEqual(['반도체 수출']);
    expect(await search('hI')).toEqual(['반도체 수출']);
    expect(await search('z')).toEqual([]);
    expect(await search('qz')).toEqual([]);
    // ASCII case only: É and é stay apart (as SQLite's LIKE compares them).
    expect(await search('É')).toEqual(['선거 결과']);
    expect(await search('él')).toEqual(['수출입 동향']);
    expect(await search('ÉLAN')).toEqual(['선거 결과']);
  });

  it('gives the same pages through the index as by walking the sort order (rare and frequent terms)', async () => {
    // 120 items: '선' in every one (walked for), '양' in three (looked up), so both paths are taken.
    await storage().news.insertMany(
      Array.from({ length: 120 }, (_, n) =>
        newsRow(n, {
          title: `선거 ${n % 40 === 0 ? '양자' : '소식'}`,
          deliveryTime: Date.UTC(2025, 0, 1) + (n % 7) * 60_000,
        }),
      ),
    );
    const lists = storage().newsLists;
    const walk = async (q: string) => {
      const ids: number[] = [];
      for (let cursor = undefined as number | undefined; ;) {
        const page = await lists.page(
          { sort: 'LATEST', q },
          cursor === undefined ? undefined : await lists.resolveCursor(cursor),
          12,
        );
        ids.push(...page.map((r) => r.id));
        if (page.length < 12) return ids;
        cursor = page.at(-1)!.id;
      }
    };
    const all = await walk('선');
    expect(all).toHaveLength(120);
    expect(new Set(all).size).toBe(120);
    const rare = await walk('양');
    expect(rare).toEqual(all.filter((id) => (id - 1) % 40 === 0));
  });

  it('continues after an item by its id in one call: the first page, later pages, the end, an unknown id', async () => {
    await storage().news.insertMany(
      Array.from({ length: 30 }, (_, n) => newsRow(n, { title: n % 3 === 0 ? '양자 소식' : '선거 소식' })),
    );
    const lists = storage().newsLists;
    for (const filter of [
      { sort: 'LATEST' as const },
      { sort: 'POPULAR' as const, q: '양' },
      { sort: 'LATEST' as const, q: '없음' },
    ]) {
      expect(await lists.pageAfterItem(filter, undefined, 4)).toEqual(await lists.page(filter, undefined, 4));
      for (const id of [1, 7, 30])
        expect(await lists.pageAfterItem(filter, id, 4)).toEqual(
          await lists.page(filter, await lists.resolveCursor(id), 4),
        );
    }
    const all = await lists.page({ sort: 'LATEST' }, undefined, 100);
    expect(await lists.pageAfterItem({ sort: 'LATEST' }, all.at(-1)!.id, 4)).toEqual([]);
    expect(await lists.pageAfterItem({ sort: 'LATEST' }, 999_999, 4)).toBeUndefined();
    expect(await lists.pageAfterItem({ sort: 'LATEST', q: '양' }, 999_999, 4)).toBeUndefined();
  });
});
