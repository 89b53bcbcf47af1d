/**
 * Property-based fuzzing of every REST route: the OpenAPI document's operations plus the extra
 * routes of the inventory, with random and malformed path params, queries, Authorization
 * headers and bodies. Every answer is below 500; every error is the JSON envelope with a Korean
 * message; /healthz answers after each route; and what a bystander stored reads back the same.
 *
 * One seed drives every property of the file: fast-check's own by default, FUZZ_SEED=<n> to replay a run. A failing
 * test prints the seed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDebateServer } from '../debates/support.js';
import { ENGINES } from '../support/engines.js';
import type { Session, TestServer } from '../support/server.js';
import { expectEnvelope } from './envelope.js';
import { authorization, body, query, rawRequest, segment, type FuzzBody } from './http-input.js';
import { ROUTES } from './inventory.js';
import { closedRoom, PNG_1x1 } from './world.js';

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  enum?: unknown[];
  type?: string | string[];
  example?: unknown;
  anyOf?: Schema[];
};
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
type Target = {
  method: string;
  path: string;
  envelope: boolean;
  queryKeys: string[];
  fields: Record<string, unknown[]>;
  multipart: boolean;
  hasBody: boolean;
};

const seed =
  process.env.FUZZ_SEED === undefined ? Date.now() ^ (Math.random() * 0x100000000) : Number(process.env.FUZZ_SEED);
fc.configureGlobal({ seed });
beforeEach(({ onTestFailed }) => {
  onTestFailed(() => console.error(`REST fuzz failed with seed ${seed}: replay with FUZZ_SEED=${seed}`));
});

describe.each(ENGINES)('REST on %s', (engine) => {
  let server: TestServer;
  let doc: Doc;
  let fuzzer: Session;
  let guest: Session;
  let admin: Session;
  let bystander: Session;
  let forged: string[];
  let valid: Record<string, string[]>;
  let before: Record<string, unknown>;
  const PER_ROUTE_RUNS = 15;

  /**
   * The bystander's notifications without those the fuzzer caused by following them: a follow it may make is news the
   * bystander is told of, not something of theirs that changed.
   */
  function theirOwn(data: unknown): unknown {
    type Item = { notificationType: string; typeId: number; statusType: string };
    const { unreadCount, notifications } = data as { unreadCount: number; notifications: { content: Item[] } };
    const byFuzzer = (n: Item) => n.notificationType === 'FOLLOW' && n.typeId === fuzzer.userId;
    const caused = notifications.content.filter(byFuzzer);
    return {
      unreadCount: unreadCount - caused.filter((n) => n.statusType === 'UNREAD').length,
      content: notifications.content.filter((n) => !byFuzzer(n)),
    };
  }

  /** What the bystander has stored, read back as the bystander (not the counts, which move with fuzzing). */
  async function snapshot(): Promise<Record<string, unknown>> {
    const t = bystander.accessToken;
    const read = async (path: string) => {
      const res = await server.call('GET', path, { token: t });
      expect(res.status, path).toBe(200);
      return res.body.data;
    };
    const news = (await read(`/api/news/${valid.newsId![0]}`)) as Record<string, unknown>;
    delete news.like;
    delete news.mark;
    return {
      me: await read('/api/users/userInfo'),
      profile: await read(`/api/users/${bystander.userId}`),
      likes: await read(`/api/users/mypage/${bystander.userId}/likes`),
      bookmarks: await read(`/api/users/mypage/${bystander.userId}/bookmarks`),
      followees: await read(`/api/users/mypage/${bystander.userId}/followees`),
      notifications: theirOwn(await read(`/api/notifications/${bystander.userId}`)),
      debates: await read(`/api/users/mypage/${bystander.userId}/debates`),
      room: await read(`/api/debates/${valid.roomId![0]}`),
      events: await read(`/api/debates/${valid.roomId![0]}/events`),
      chats: await read(`/api/users/mypage/${valid.roomId![0]}/debateChats`),
      news,
    };
  }

  beforeAll(async () => {
    server = await startDebateServer({}, engine);
    guest = await server.signIn(`fuzz-guest-${process.pid}`);
    fuzzer = await server.signUpMember(`fuzz-member-${process.pid}`, '퍼즈회원');
    admin = await server.signUpMember(`fuzz-admin-${process.pid}`, '퍼즈관리');
    await server.setRole(admin.userId, 'ROLE_ADMIN');
    bystander = await server.signUpMember(`fuzz-bystander-${process.pid}`, '구경꾼');
    const opponent = await server.signUpMember(`fuzz-opponent-${process.pid}`, '상대편');
    const roomId = await closedRoom(server, bystander, opponent);
    const newsId = (
      (await server.call('GET', '/api/news', { token: bystander.accessToken })).body.data as {
        content: { id: number }[];
      }
    ).content[0]!.id;
    await server.call('POST', `/api/news/${newsId}/like`, { token: bystander.accessToken });
    await server.call('POST', `/api/news/${newsId}/bookmark`, { token: bystander.accessToken });
    await server.call('POST', `/api/users/mypage/${opponent.userId}/${bystander.userId}/insertfollowers`, {
      token: bystander.accessToken,
    });
    await server.deps.notifications.notifier.notify({
      userId: bystander.userId,
      type: 'FOLLOW',
      typeId: opponent.userId,
      content: '새 팔로워가 있습니다.',
      at: new Date(),
      url: '/',
    });
    const form = new FormData();
    form.append('file', new Blob([PNG_1x1], { type: 'image/png' }), 'a.png');
    const upload = (
      (await server.call('PUT', `/api/users/mypage/${bystander.userId}`, { token: bystander.accessToken, body: form }))
        .body.data as { profileUrl: string }
    ).profileUrl;
    forged = [
      await server.signToken(String(fuzzer.userId), Math.floor(Date.now() / 1000) - 60),
      await server.signToken('99999999', Math.floor(Date.now() / 1000) + 600),
      await server.signToken('not-a-number', Math.floor(Date.now() / 1000) + 600),
      await server.signToken('-1', Math.floor(Date.now() / 1000) + 600),
    ];
    valid = {
      userId: [String(fuzzer.userId), String(bystander.userId)],
      roomId: [roomId],
      newsId: [String(newsId)],
      name: [upload.split('/').pop()!, 'a.svg'],
    };
    doc = (await server.call('GET', '/api/openapi.json')).body as unknown as Doc;
    before = await snapshot();
  }, 60_000);
  afterAll(() => server.stop());

  const resolve = (s: Schema | undefined): Schema | undefined =>
    s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s;

  /** Field names of a body schema, each with the valid-looking values the document offers (enum members, examples). */
  function fieldsOf(op: Operation): { fields: Record<string, unknown[]>; multipart: boolean } {
    const content = op.requestBody?.content ?? {};
    const multipart = 'multipart/form-data' in content;
    const schema = resolve(Object.values(content)[0]?.schema);
    const fields = Object.fromEntries(
      Object.entries(schema?.properties ?? {}).map(([name, raw]) => {
        const p = resolve(raw);
        const samples = [
          ...(p?.enum ?? []),
          ...(p?.anyOf ?? []).flatMap((a) => resolve(a)?.enum ?? []),
          ...(p?.example !== undefined ? [p.example] : []),
          ...(name.toLowerCase().includes('userid') ? valid.userId!.map(Number) : []),
        ];
        return [name, samples];
      }),
    );
    return { fields, multipart };
  }

  function targets(): Target[] {
    const fromDoc = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        envelope: true,
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        hasBody: op.requestBody !== undefined,
        ...fieldsOf(op),
      })),
    );
    const extras = ROUTES.filter((r) => !r.openapi).map((r) => ({
      method: r.method,
      path: r.path,
      envelope: r.envelope,
      queryKeys: ['client_id', 'redirect_uri', 'response_type', 'login_hint', 'state'],
      hasBody: r.method !== 'GET',
      fields: {},
      multipart: false,
    }));
    return [...fromDoc, ...extras];
  }

  /** Valid values for a path parameter, by its name. */
  const validFor = (name: string): string[] =>
    name === 'roomId'
      ? valid.roomId!
      : name === 'provider'
        ? ['google', 'kakao']
        : name === 'spa'
          ? ['debate-rooms', 'news']
          : name === 'name' || name === 'file'
            ? valid.name!
            : name === 'id'
              ? [...valid.userId!, ...valid.newsId!, '1']
              : valid.userId!;

  const paramNames = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const fill = (path: string, values: string[]) => {
    let i = 0;
    return path.replace(/\{\w+\}/g, () => values[i++] ?? 'x');
  };

  function checkAnswer(t: Target, what: string, status: number, text: string, contentType: string | null): void {
    expect(status, `${what} → ${status}: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
    expect(status, `${what} → ${status}: ${text.slice(0, 300)}`).toBeLessThan(500);
    if (status >= 400 && t.envelope) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
      expectEnvelope(parsed, `${what} → ${status}`);
    } else if (
      status < 300 &&
      t.envelope &&
      contentType?.includes('application/json') &&
      t.path.startsWith('/api/') &&
      // The API descriptions are documents of their own, not answers in the envelope.
      !['/api/openapi.json', '/api/asyncapi.json'].includes(t.path)
    ) {
      expect((JSON.parse(text) as { status: string }).status, what).toBe('성공');
    }
  }

  async function send(t: Target, method: string, path: string, auth: string | undefined, b: FuzzBody): Promise<void> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (auth !== undefined) headers.Authorization = auth;
    if (b.contentType !== undefined) headers['Content-Type'] = b.contentType;
    const withBody = method !== 'GET' && method !== 'HEAD' && b.body !== undefined;
    const what = `${method} ${path.slice(0, 200)} [${b.label}] auth=${(auth ?? 'none').slice(0, 40)}`;
    let res: Response;
    try {
      res = await fetch(`${server.url}${path}`, {
        method,
        headers,
        ...(withBody ? { body: b.body } : {}),
        redirect: 'manual',
      });
    } catch (err) {
      // fetch refuses some header bytes itself (nothing reached the server): not a server finding.
      if (
        err instanceof TypeError &&
        /header|ByteString/i.test(`${err.message} ${String((err as { cause?: unknown }).cause)}`)
      )
        return;
      throw err;
    }
    const text = await res.text();
    // Node's HTTP parser answers 431 itself past its 16 KB limit on the request head: the app never saw it.
    if (res.status === 431 && text === '') return;
    checkAnswer(t, what, res.status, text, res.headers.get('content-type'));
  }

  const expectHealthy = async () => expect((await server.call('GET', '/healthz')).status).toBe(200);

  describe('REST fuzzing: never a 5xx, every refusal in the envelope', () => {
    it('covers every documented operation', () => {
      expect(targets().filter((t) => !t.envelope || t.path.startsWith('/')).length).toBeGreaterThanOrEqual(
        Object.values(doc.paths).flatMap(Object.keys).length,
      );
    });

    it('random params, queries, headers and bodies on every route', async () => {
      const tokens = [fuzzer.accessToken, guest.accessToken, admin.accessToken];
      for (const t of targets()) {
        const names = paramNames(t.path);
        const method = fc.oneof(
          { weight: 9, arbitrary: fc.constant(t.method) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS') },
        );
        await fc.assert(
          fc.asyncProperty(
            method,
            fc.tuple(...names.map((n) => segment(validFor(n)))),
            query(t.queryKeys),
            authorization(tokens, forged),
            body(t.fields, t.multipart),
            async (m, params, q, auth, b) => {
              await send(t, m, `${fill(t.path, params)}${q ? `?${q}` : ''}`, auth, b);
            },
          ),
          { numRuns: PER_ROUTE_RUNS },
        );
        await expectHealthy();
      }
    }, 120_000);

    it('bodies over the limit are refused with 413 on every route that takes a body', async () => {
      const { bodyLimitBytes, uploadLimitBytes } = server.deps.config;
      for (const t of targets().filter((x) => x.hasBody && x.envelope)) {
        const size = (t.multipart ? uploadLimitBytes + 128 * 1024 : bodyLimitBytes) + 1;
        const path = fill(
          t.path,
          paramNames(t.path).map((n) => validFor(n)[0]!),
        );
        const json = JSON.stringify({ nickname: 'x'.repeat(size) });
        const res = await server.call(t.method, path, {
          token: fuzzer.accessToken,
          body: json,
          headers: { 'Content-Type': t.multipart ? 'multipart/form-data; boundary=x' : 'application/json' },
        });
        expect(res.status, `${t.method} ${t.path}`).toBe(413);
        expectEnvelope(res.body, `${t.method} ${t.path}`);
      }
      await expectHealthy();
    }, 60_000);

    it('bytes fetch would not send: traversal, bad UTF-8 and percent-encoding, big and non-ASCII headers', async () => {
      const rawSegments = [
        '..',
        '..%2f..%2f..%2fetc%2fpasswd',
        '%2e%2e%2f%2e%2e%2fpackage.json',
        '\xff\xfe\xfd',
        '%E0%A4%A',
        '%',
        '\xc0\xaf',
        '..\\..\\windows',
        '%00',
        'a%0d%0aX-Injected:%201',
      ];
      const auths = [
        `Authorization: Bearer ${fuzzer.accessToken}\r\n`,
        'Authorization: Bearer \xe9\xff\xfe\r\n',
        `Authorization: Bearer ${'a'.repeat(12_000)}\r\n`,
        `X-Junk: ${'\xff'.repeat(10_000)}\r\n`,
      ];
      for (const t of targets()) {
        const names = paramNames(t.path);
        const cases =
          names.length > 0
            ? rawSegments.map((s) =>
                fill(
                  t.path,
                  names.map(() => s),
                ),
              )
            : [`${t.path}?q=\xff\xfe&userId=%E0%A4%A&%=%`, `${t.path}/../../etc/passwd`];
        for (const [i, path] of cases.entries()) {
          const extra = auths[i % auths.length]!;
          const bodyHeaders = t.hasBody ? 'Content-Type: application/json\r\nContent-Length: 4\r\n' : '';
          const head =
            `${t.method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAccept: application/json\r\n` +
            `${extra}${bodyHeaders}\r\n`;
          const res = await rawRequest(
            server.port,
            head,
            t.hasBody ? Buffer.from([0x7b, 0xff, 0x00, 0x7d]) : undefined,
          );
          // Node itself answers 400 to request lines or headers it cannot parse (no envelope: the app never saw them).
          if (res.status === 400 && !res.body.startsWith('{')) continue;
          checkAnswer(
            t,
            `raw ${t.method} ${JSON.stringify(path).slice(0, 120)}`,
            res.status,
            res.body,
            res.body.startsWith('{') ? 'application/json' : null,
          );
        }
      }
      await expectHealthy();
    }, 60_000);

    it('the former fuzz cases: auth bodies, raw JSON strings and path ids, multipart profile updates', async () => {
      const anyJson = fc.oneof(
        fc.jsonValue(),
        fc.record(
          { nickname: fc.jsonValue(), introduction: fc.jsonValue(), refreshToken: fc.jsonValue() },
          { requiredKeys: [] },
        ),
        fc.record({ nickname: fc.string({ maxLength: 30 }), introduction: fc.string({ maxLength: 30 }) }),
        fc.record({ refreshToken: fc.string({ maxLength: 600 }) }),
      );
      const t = targets().find((x) => x.path === '/api/auth/signup')!;
      const check = (res: { status: number; body: unknown }, what: string) =>
        checkAnswer(t, what, res.status, JSON.stringify(res.body), 'application/json');
      await fc.assert(
        fc.asyncProperty(anyJson, fc.string({ maxLength: 50 }), fc.string({ maxLength: 12 }), async (json, raw, id) => {
          check(
            await server.call('POST', '/api/auth/nickname-confirm', { token: guest.accessToken, json }),
            'nickname-confirm',
          );
          check(await server.call('POST', '/api/auth/signup', { token: fuzzer.accessToken, json }), 'signup');
          check(await server.call('POST', '/api/auth/reissue', { json }), 'reissue');
          check(await server.call('POST', '/login/oauth2/callback?code=x&provider=google', { json }), 'callback');
          check(
            await server.call('POST', '/api/auth/nickname-confirm', {
              token: guest.accessToken,
              body: raw,
              headers: { 'Content-Type': 'application/json' },
            }),
            'raw nickname-confirm',
          );
          const seg = encodeURIComponent(id) || 'x';
          check(await server.call('GET', `/api/users/${seg}`, { token: fuzzer.accessToken }), 'user by id');
          check(
            await server.call('POST', `/api/users/mypage/${seg}/${fuzzer.userId}/insertfollowers`, {
              token: fuzzer.accessToken,
            }),
            'follow',
          );
        }),
        { numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ maxLength: 25 }),
          fc.string({ maxLength: 25 }),
          fc.uint8Array({ maxLength: 64 }),
          async (nickname, introduction, bytes) => {
            const f = new FormData();
            f.append('nickname', nickname);
            f.append('introduction', introduction);
            f.append('file', new Blob([bytes]), 'f.png');
            check(
              await server.call('PUT', `/api/users/mypage/${fuzzer.userId}`, { token: fuzzer.accessToken, body: f }),
              'profile update',
            );
          },
        ),
        { numRuns: 40 },
      );
    }, 60_000);

    it('after all of it the server is healthy and nothing the bystander stored is lost', async () => {
      await expectHealthy();
      expect(await snapshot()).toEqual(before);
    });
  });
});
