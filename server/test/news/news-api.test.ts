import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINENTS } from '../../src/news/codes.js';
import { ENGINES } from '../support/engines.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';
import { newsRow } from './news-db.js';

type Item = { id: number; title: string; like: number; bookmark: number; deliveryTime: string; continentType: string };
type Page = { content: Item[]; hasNext: boolean; nextCursor: number | null };

const TITLES = [
  '반도체 수출 역대 최대',
  '기후변화 협약 타결',
  '수출 규제 완화 논의',
  '유럽 기후변화 대응',
  '선거 여론조사 발표',
  '외교 장관 회담',
];

describe.each(ENGINES)('news API over HTTP on %s', (engine) => {
  let server: TestServer;
  let alice: Session;
  let bob: Session;
  let carol: Session;
  let guest: Session;
  let ids: number[];

  beforeAll(async () => {
    server = await startTestServer({ SEED_DEMO: '0' }, engine);
    [alice, bob, carol] = await Promise.all([
      server.signUpMember('news-alice', '앨리스'),
      server.signUpMember('news-bob', '밥'),
      server.signUpMember('news-carol', '캐럴'),
    ]);
    guest = await server.signIn('news-guest');
    const store = server.deps.storage.news;
    await store.insertMany(
      Array.from({ length: 40 }, (_, n) =>
        newsRow(n, {
          title: TITLES[n % TITLES.length]!,
          content: n % 4 === 0 ? '반도체 업계의 투자 소식' : '일반 기사 본문',
          continent: CONTINENTS[n % CONTINENTS.length]!,
          deliveryTime: Date.UTC(2025, 2, 1) + (n % 25) * 60_000,
        }),
      ),
    );
    // A fresh database: the 40 items got ids 1–40 in insertion order.
    expect(await store.count()).toBe(40);
    ids = Array.from({ length: 40 }, (_, n) => n + 1);
  });
  afterAll(async () => server?.stop());

  const get = <T>(path: string, who: Session = alice) =>
    server.call('GET', path, { token: who.accessToken }).then((r) => ({ ...r, data: r.body.data as T }));

  /** Follows the cursor like the web app until a short page. */
  const walk = async (query: Record<string, string>): Promise<number[]> => {
    const seen: number[] = [];
    let cursor: number | undefined;
    for (;;) {
      const qs = new URLSearchParams({ ...query, ...(cursor ? { cursor: String(cursor) } : {}) });
      const { data } = await get<Page>(`/api/news?${qs.toString()}`);
      seen.push(...data.content.map((n) => n.id));
      if (data.content.length < 12) return seen;
      cursor = data.content.at(-1)!.id;
    }
  };

  it('is for members only: no token → 401, a guest who has not finished sign-up → 403', async () => {
    expect((await server.call('GET', '/api/news')).status).toBe(401);
    const asGuest = await get('/api/news', guest);
    expect(asGuest.status).toBe(403);
    expect(asGuest.body).toMatchObject({ status: '오류', code: 'SIGNUP_REQUIRED' });
    expect((await get('/api/news/ranking', guest)).status).toBe(403);
  });

  // The list and the ranking look the caller up while they read the page: a refusal must still win
  // over whatever the page would have answered, and carry no page.
  it('refuses a caller the lookup refuses, whatever the page read answered', async () => {
    const unknownCursor = await get('/api/news?sort=LATEST&cursor=999999', guest);
    expect(unknownCursor.status).toBe(403);
    expect(unknownCursor.body).toEqual(expect.objectContaining({ code: 'SIGNUP_REQUIRED' }));
    expect(unknownCursor.body).not.toHaveProperty('data.content');
    const revoked = await server.signUpMember('news-revoked', '해제됨');
    await server.deps.storage.users.raiseTokenVersion(revoked.userId);
    for (const path of ['/api/news?sort=LATEST', '/api/news/ranking']) {
      const answer = await get(path, revoked);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ status: '오류', code: 'REVOKED_ACCESS_TOKEN' });
      expect(answer.body).not.toHaveProperty('data.content');
    }
  });

  it('answers the list in the envelope with the wire fields', async () => {
    const { status, body, data } = await get<Page>('/api/news?sort=LATEST');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: '성공', message: null });
    expect(data.content).toHaveLength(12);
    expect(data.hasNext).toBe(true);
    expect(Object.keys(data.content[0]!).sort()).toEqual([
      'bookmark',
      'content',
      'continentType',
      'deliveryTime',
      'id',
      'imgUrl',
      'like',
      'newsType',
      'title',
    ]);
    expect(data.content[0]!.deliveryTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('refuses bad queries with a 400 envelope and a Korean message', async () => {
    const cases: [string, string][] = [
      ['/api/news?sort=NEWEST', 'INVALID_SORT_TYPE'],
      ['/api/news?sort=latest', 'INVALID_SORT_TYPE'],
      ['/api/news?continent=XX', 'INVALID_CONTINENT'],
      ['/api/news?cursor=abc', 'INVALID_CURSOR'],
      ['/api/news?cursor=-3', 'INVALID_CURSOR'],
      ['/api/news?cursor=999999', 'INVALID_CURSOR'],
      [`/api/news?q=${'가'.repeat(101)}`, 'INVALID_QUERY'],
      ['/api/news/abc', 'VALIDATION_FAILED'],
    ];
    for (const [path, code] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({ status: '오류', code });
      expect(res.body.message, path).toMatch(/[가-힣]/);
    }
    expect((await get('/api/news?continent=all')).status).toBe(200);
  });

  it('walks every region and both sorts over HTTP with the last id as cursor', async () => {
    for (const sort of ['LATEST', 'POPULAR'])
      for (const continent of [undefined, ...CONTINENTS]) {
        const seen = await walk({ sort, ...(continent ? { continent } : {}) });
        const want = ids.filter((_, n) => !continent || CONTINENTS[n % CONTINENTS.length] === continent);
        expect(new Set(seen).size, `${sort} ${continent}`).toBe(seen.length);
        expect(
          [...seen].sort((a, b) => a - b),
          `${sort} ${continent}`,
        ).toEqual(want);
      }
  });

  it('finds Korean terms: a 2-character substring and a 3+-character full-text term', async () => {
    const titlesFor = async (q: string) =>
      (await get<Page>(`/api/news?sort=LATEST&q=${encodeURIComponent(q)}`)).data.content.map((n) => n.title);
    const two = await titlesFor('수출');
    expect(two.length).toBeGreaterThan(0);
    expect(new Set(two)).toEqual(new Set(['반도체 수출 역대 최대', '수출 규제 완화 논의']));
    const three = await titlesFor('기후변화');
    expect(new Set(three)).toEqual(new Set(['기후변화 협약 타결', '유럽 기후변화 대응']));
    // Content counts too: "반도체" is in every fourth item's body and in one title (over several pages).
    const chips = await walk({ sort: 'LATEST', q: '반도체' });
    expect(chips).toHaveLength(ids.filter((_, n) => n % 4 === 0 || n % TITLES.length === 0).length);
    expect(chips.length).toBeGreaterThan(12);
    expect(await titlesFor('없는검색어')).toEqual([]);
    // FTS syntax and LIKE wildcards are plain text, never query syntax or a 500.
    for (const odd of [
      '"""',
      'a"b OR c',
      '수출*',
      'NEAR(수출 규제)',
      '%_',
      '%',
      '_',
      '\\',
      '   ',
      '수출 AND',
      '-- ;',
    ]) {
      const res = await get<Page>(`/api/news?q=${encodeURIComponent(odd)}`);
      expect(res.status, odd).toBe(200);
    }
    expect(await titlesFor('%')).toEqual([]);
    expect(await titlesFor('수출*')).toEqual([]);
  });

  it('ranking is never empty with zero likes: the 10 newest, then follows likes', async () => {
    const { data } = await get<Item[]>('/api/news/ranking');
    expect(data).toHaveLength(10);
    const times = data.map((n) => Date.parse(n.deliveryTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const oldest = ids[0]!;
    for (const who of [alice, bob])
      expect(
        (await server.call('POST', `/api/news/${oldest}/like?userId=${who.userId}`, { token: who.accessToken })).status,
      ).toBe(200);
    const after = (await get<Item[]>('/api/news/ranking')).data;
    expect(after[0]).toMatchObject({ id: oldest, like: 2 });
    for (const who of [alice, bob]) await server.call('DELETE', `/api/news/${oldest}/like`, { token: who.accessToken });
  });

  it('detail carries liked and marked for the token’s user; a foreign userId is 403, unknown news 404', async () => {
    const id = ids[5]!;
    await server.call('POST', `/api/news/${id}/bookmark?userId=${bob.userId}`, { token: bob.accessToken });
    const asBob = await get<Record<string, unknown>>(`/api/news/${id}?userId=${bob.userId}`, bob);
    expect(asBob.status).toBe(200);
    expect(asBob.data).toMatchObject({
      id,
      liked: false,
      marked: true,
      like: 0,
      mark: 1,
      title: TITLES[5],
      continent: CONTINENTS[5],
    });
    expect(asBob.data.link).toBe('https://news.test/5');
    expect((await get<Record<string, unknown>>(`/api/news/${id}`, alice)).data).toMatchObject({
      liked: false,
      marked: false,
      mark: 1,
    });
    const foreign = await get(`/api/news/${id}?userId=${bob.userId}`, alice);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ status: '오류', code: 'NOT_OWNER' });
    const missing = await get('/api/news/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      status: '오류',
      code: 'NEWS_NOT_FOUND',
      message: '존재하지 않는 뉴스입니다.',
    });
    await server.call('DELETE', `/api/news/${id}/bookmark`, { token: bob.accessToken });
  });

  it('like and bookmark are idempotent; foreign userId → 403; unknown news → 404', async () => {
    const id = ids[7]!;
    const as = (method: string, what: string, who: Session, userId = who.userId) =>
      server.call(method, `/api/news/${id}/${what}?userId=${userId}`, { token: who.accessToken });
    expect((await as('POST', 'like', alice)).body.data).toEqual({ liked: true, like: 1 });
    expect(await as('POST', 'like', alice)).toMatchObject({ status: 200, body: { data: { liked: true, like: 1 } } });
    expect((await as('DELETE', 'like', alice)).body.data).toEqual({ liked: false, like: 0 });
    expect(await as('DELETE', 'like', alice)).toMatchObject({ status: 200, body: { data: { liked: false, like: 0 } } });
    expect((await as('POST', 'bookmark', alice)).body.data).toEqual({ marked: true, mark: 1 });
    expect((await as('POST', 'bookmark', alice)).body.data).toEqual({ marked: true, mark: 1 });
    expect((await as('DELETE', 'bookmark', alice)).body.data).toEqual({ marked: false, mark: 0 });
    for (const what of ['like', 'bookmark']) {
      const foreign = await as('POST', what, alice, bob.userId);
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('NOT_OWNER');
      const missing = await server.call('POST', `/api/news/987654/${what}`, { token: alice.accessToken });
      expect(missing).toMatchObject({ status: 404, body: { code: 'NEWS_NOT_FOUND' } });
    }
    expect((await get<Record<string, number>>(`/api/news/${id}`)).data).toMatchObject({ like: 0, mark: 0 });
  });

  it('keeps counts exact under concurrent clicks from several users', async () => {
    const users = [alice, bob, carol];
    const [likeId, bookmarkId, mixedId] = [ids[10]!, ids[11]!, ids[12]!];
    const burst = (method: string, id: number, what: string) =>
      Promise.all(
        users.flatMap((who) =>
          Array.from({ length: 15 }, () =>
            server.call(method, `/api/news/${id}/${what}?userId=${who.userId}`, { token: who.accessToken }),
          ),
        ),
      );

    const added = await Promise.all([burst('POST', likeId, 'like'), burst('POST', bookmarkId, 'bookmark')]);
    expect(added.flat().every((r) => r.status === 200)).toBe(true);
    expect((await get<Record<string, number>>(`/api/news/${likeId}`)).data.like).toBe(3);
    expect((await get<Record<string, number>>(`/api/news/${bookmarkId}`)).data.mark).toBe(3);

    // Interleaved adds and removes: whatever order they land in, the counter equals the rows.
    await Promise.all(
      users.flatMap((who) =>
        Array.from({ length: 20 }, (_, k) =>
          server.call(k % 2 ? 'DELETE' : 'POST', `/api/news/${mixedId}/like`, { token: who.accessToken }),
        ),
      ),
    );
    const liked = await Promise.all(
      users.map((who) => server.deps.storage.news.hasReaction('like', who.userId, mixedId)),
    );
    expect((await get<Record<string, number>>(`/api/news/${mixedId}`)).data.like).toBe(liked.filter(Boolean).length);

    // Whichever of the interleaved clicks landed last, removing leaves every counter at 0.
    const removed = await Promise.all([
      burst('DELETE', likeId, 'like'),
      burst('DELETE', bookmarkId, 'bookmark'),
      burst('DELETE', mixedId, 'like'),
    ]);
    expect(removed.flat().every((r) => r.status === 200)).toBe(true);
    expect((await get<Record<string, number>>(`/api/news/${likeId}`)).data).toMatchObject({ like: 0, mark: 0 });
    expect((await get<Record<string, number>>(`/api/news/${mixedId}`)).data).toMatchObject({ like: 0 });
    expect((await get<Record<string, number>>(`/api/news/${bookmarkId}`)).data).toMatchObject({ like: 0, mark: 0 });
  });

  it('the user page lists liked and saved news newest first, to every member unless kept private', async () => {
    const [first, second] = [ids[20]!, ids[21]!];
    await server.call('POST', `/api/news/${first}/like`, { token: carol.accessToken });
    await server.call('POST', `/api/news/${second}/like`, { token: carol.accessToken });
    await server.call('POST', `/api/news/${second}/bookmark`, { token: carol.accessToken });
    const likes = await get<{ newsId: number; title: string; continent: string; createdAt: string }[]>(
      `/api/users/mypage/${carol.userId}/likes`,
      carol,
    );
    expect(likes.status).toBe(200);
    expect(likes.data.map((e) => e.newsId)).toEqual([second, first]);
    expect(likes.data[0]).toEqual({
      newsId: second,
      title: TITLES[21 % TITLES.length],
      continent: CONTINENTS[21 % CONTINENTS.length],
      createdAt: expect.stringMatching(/Z$/),
    });
    expect((await get<unknown[]>(`/api/users/mypage/${carol.userId}/bookmarks`, carol)).data).toHaveLength(1);
    const seenBy = async (viewer: Session) => ({
      likes: (await get<{ newsId: number }[]>(`/api/users/mypage/${carol.userId}/likes`, viewer)).data,
      bookmarks: (await get<{ newsId: number }[]>(`/api/users/mypage/${carol.userId}/bookmarks`, viewer)).data,
    });
    // Another member sees the same lists (docs/product-rules.md#profiles).
    expect(await seenBy(alice)).toEqual(await seenBy(carol));

    // The owner keeps them private: others get 200 with empty lists, the owner still sees them.
    const privacy = (value: string) => {
      const form = new FormData();
      form.append('newsListsPrivate', value);
      return server.call('PUT', `/api/users/mypage/${carol.userId}`, { token: carol.accessToken, body: form });
    };
    const hidden = await privacy('true');
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ newsListsPrivate: true, nickname: '캐럴' });
    expect((await get<{ newsListsPrivate: boolean }>(`/api/users/${carol.userId}`, alice)).data.newsListsPrivate).toBe(
      true,
    );
    expect(await seenBy(alice)).toEqual({ likes: [], bookmarks: [] });
    expect((await seenBy(carol)).likes.map((e) => e.newsId)).toEqual([second, first]);
    expect((await privacy('yes')).status).toBe(400);

    expect((await privacy('false')).body.data).toMatchObject({ newsListsPrivate: false });
    expect((await seenBy(alice)).likes.map((e) => e.newsId)).toEqual([second, first]);
    const unknown = await get(`/api/users/mypage/999999/likes`, alice);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: '오류', code: 'USER_NOT_FOUND' });
    expect((await get(`/api/users/mypage/${carol.userId}/likes`, guest)).status).toBe(403);
    expect((await get<unknown[]>(`/api/users/mypage/${alice.userId}/likes`, alice)).data).toEqual([]);
  });
});
