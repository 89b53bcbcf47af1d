import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoom } from '../debates/support.js';
import { checkStoredNicknames } from '../../src/users/nickname-collisions.js';
import type { SqliteStorage } from '../../src/db/sqlite-storage.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';

const DUPLICATE = { code: 'DUPLICATE_NICKNAME', message: '중복된 닉네임입니다. 다른 닉네임을 입력해주세요.' };
const INVISIBLE = {
  code: 'NICKNAME_INVISIBLE_CHARACTER',
  message: '닉네임에 보이지 않는 문자나 빈칸처럼 보이는 문자, 글자 없이 홀로 쓰인 결합 문자는 쓸 수 없습니다.',
};
const MIXED = {
  code: 'NICKNAME_MIXED_SCRIPT',
  message:
    '닉네임에 모양이 비슷한 여러 나라 문자(예: 영문과 키릴 문자)를 섞어 쓸 수 없습니다. 한 가지 문자로 입력해주세요.',
};
const RESERVED = { code: 'RESERVED_NICKNAME', message: '운영진으로 오해받을 수 있는 닉네임은 사용할 수 없습니다.' };

const form = (parts: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(parts)) f.append(k, v);
  return f;
};

let server: TestServer;
let guest: Session;
beforeAll(async () => {
  // One guest asks about many nicknames here; the check's own limit per user is tested elsewhere.
  server = await startTestServer({ RATE_LIMIT_NICKNAME: '1000/1m' });
  await server.signUpMember('rules-alice', 'Alice');
  await server.signUpMember('rules-coax', 'coax');
  await server.signUpMember('rules-ok', 'OK');
  guest = await server.signIn('rules-guest');
});
afterAll(() => server.stop());

const check = async (nickname: string, token = guest.accessToken) => {
  const res = await server.call('POST', '/api/auth/nickname-confirm', { token, json: { nickname } });
  return res.status === 201 ? { code: 'OK', message: (res.body.data as { nickname: string }).nickname } : res.body;
};

describe('nickname check: one nickname per look', () => {
  it('refuses spellings of an existing nickname as duplicates, in the existing Korean message', async () => {
    const spellings = [
      '김민지'.normalize('NFD'), // decomposed jamo
      'ㄱㅣㅁㅁㅣㄴㅈㅣ', // compatibility jamo
      'ﾡￜﾱﾱￜﾤﾸￜ', // half-width jamo
      'ALICE', // case
      'Ａｌｉｃｅ', // fullwidth
      'AIice', // capital I for l
      'соах', // Cyrillic letters only, a whole-script look-alike of coax
      'ΟΚ', // Greek letters only, of OK
    ];
    for (const nickname of spellings) expect(await check(nickname), nickname).toMatchObject(DUPLICATE);
  });

  it('refuses a confusable mix of scripts with its own code', async () => {
    for (const nickname of ['аlice', 'ΟK', '김민ж', 'Вob팬'])
      expect(await check(nickname), nickname).toMatchObject(MIXED);
    expect(await check('Kim민지')).toMatchObject({ code: 'OK' });
    expect(await check('民志민지')).toMatchObject({ code: 'OK' });
  });

  it('refuses invisible and blank characters with their own code, whatever the name', async () => {
    const hidden = [
      '새이름\u3164', // Hangul filler
      '\u115F새이름', // choseong filler
      '새\u1160이름', // jungseong filler
      '새이름\uFFA0', // half-width filler
      '새\u034F이름', // combining grapheme joiner
      '새이름\u2800', // blank braille pattern
      '\u0301새이름', // combining mark without a base
      '새이름\uFE0F', // variation selector on a syllable
      '새\u200B이름', // zero-width space
      '새\u202E이름', // right-to-left override
      '새\u00A0이름', // no-break space
    ];
    for (const nickname of hidden) expect(await check(nickname), JSON.stringify(nickname)).toMatchObject(INVISIBLE);
    expect(await check('새이름❤️')).toMatchObject({ code: 'OK', message: '새이름❤️' });
  });

  it('refuses replacement characters, noncharacters and private-use code points as unusable', async () => {
    const unusable = { code: 'INVALID_NICKNAME', message: '닉네임에 사용할 수 없는 문자가 있습니다.' };
    for (const nickname of ['\uFFFD', '새\uFFFD이름', '새이름\uFFFC', '\uFFFE', '새\uFDD0', '\uE000', '\u{10FFFD}'])
      expect(await check(nickname), JSON.stringify(nickname)).toMatchObject(unusable);
  });

  it('reads a nickname without its separators: spaced or dotted spellings of another’s are taken', async () => {
    for (const nickname of [
      '김 민지',
      '김민지.',
      '이준호.',
      '김-민-지',
      '(이준호)',
      '이준호♥',
      'A-l-i-c-e',
      'ａｌｉｃｅ!',
    ])
      expect(await check(nickname), nickname).toMatchObject(DUPLICATE);
    // A separator that looks like a letter still counts as that letter: ∣ reads as l.
    expect(await check('A∣ice')).toMatchObject(DUPLICATE);
    // Names of nothing but symbols keep them, so they do not all share one empty key.
    expect(await check('♥')).toMatchObject({ code: 'OK' });
    expect(await check('새 이름!')).toMatchObject({ code: 'OK', message: '새 이름!' });
  });

  it('keeps 운영자 and other staff names away from members in any spelling', async () => {
    for (const nickname of [
      '운영자',
      '운영자'.normalize('NFD'),
      'ㅇㅜㄴ영자',
      '운영자님',
      '관리자1',
      'ADMIN',
      'Ａｄｍｉｎ',
    ])
      expect(await check(nickname), nickname).toMatchObject(RESERVED);
  });

  it('keeps staff names away however they are split: spaces, punctuation, symbols, dots that are letters', async () => {
    for (const nickname of [
      '운 영 자',
      '운영 자',
      '운.영.자',
      '운_영_자',
      '관 리 자',
      '운·영·진',
      '운영★팀',
      '[운영자]',
      '운ㆍ영ㆍ자', // the araea, typed as a dot
      '운ː영ː자', // a modifier letter that reads as a colon
      '운~영~자',
      'A D M I N',
      'ad min',
      'a.d.m.i.n',
      'admin!',
      '공 지',
    ])
      expect(await check(nickname), nickname).toMatchObject(RESERVED);
  });
});

describe('sign-up and profile edit follow the same rule', () => {
  it('sign-up stores the nickname in NFC and refuses a look-alike', async () => {
    const newcomer = await server.signIn('rules-newcomer');
    const lookalike = await server.call('POST', '/api/auth/signup', {
      token: newcomer.accessToken,
      json: { nickname: 'ㄱㅣㅁㅁㅣㄴㅈㅣ', introduction: '안녕' },
    });
    expect(lookalike.status).toBe(400);
    expect(lookalike.body).toMatchObject(DUPLICATE);
    for (const nickname of ['운 영 자', 'a.d.m.i.n']) {
      const staffName = await server.call('POST', '/api/auth/signup', {
        token: newcomer.accessToken,
        json: { nickname, introduction: '안녕' },
      });
      expect(staffName.status, nickname).toBe(400);
      expect(staffName.body, nickname).toMatchObject(RESERVED);
    }
    const signup = await server.call('POST', '/api/auth/signup', {
      token: newcomer.accessToken,
      json: { nickname: '새얼굴'.normalize('NFD'), introduction: '\u202E안녕하세요\u2069' },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.data).toMatchObject({ nickname: '새얼굴', introduction: '안녕하세요' });
    expect((await server.deps.storage.users.findById(newcomer.userId))!.nickname).toBe('새얼굴'.normalize('NFC'));
  });

  it('profile edit: one’s own nickname in any spelling is free, another’s is not', async () => {
    const me = await server.signUpMember('rules-editor', 'Editor');
    const put = (nickname: string) =>
      server.call('PUT', `/api/users/mypage/${me.userId}`, { token: me.accessToken, body: form({ nickname }) });
    expect((await put('Editor')).body.data).toMatchObject({ nickname: 'Editor' });
    expect((await put('ＥＤＩＴＯＲ')).status).toBe(200);
    expect((await put('Editor')).body.data).toMatchObject({ nickname: 'Editor' });
    for (const taken of ['김민지'.normalize('NFD'), 'Ａlice', 'соах'])
      expect((await put(taken)).body, taken).toMatchObject(DUPLICATE);
    expect((await put('운영자')).body).toMatchObject(RESERVED);
    for (const staffName of ['운 영 자', '관.리.자', 'A D M I N'])
      expect((await put(staffName)).body, staffName).toMatchObject(RESERVED);
    expect((await put('김 민지')).body).toMatchObject(DUPLICATE);
    expect((await put('편집\u3164')).body).toMatchObject(INVISIBLE);
    expect((await put('\uFFFD')).body).toMatchObject({ code: 'INVALID_NICKNAME' });
  });

  it('staff keep their staff name; the staff list comes from roles, never from names', async () => {
    const admin = await server.signIn('admin');
    const keep = await server.call('PUT', `/api/users/mypage/${admin.userId}`, {
      token: admin.accessToken,
      body: form({ nickname: '운영자' }),
    });
    expect(keep.status).toBe(200);
    const minji = await server.signIn('minji');
    const staff = await server.call('GET', '/api/users/staff', { token: minji.accessToken });
    expect(staff.body.data).toEqual({ staffIds: [admin.userId] });
  });

  it('staff rename a member under the same rules', async () => {
    const admin = await server.signIn('admin');
    const target = await server.signUpMember('rules-renamed', '바꿀이름');
    const rename = (nickname: string) =>
      server.call('PUT', `/api/admin/users/${target.userId}/nickname`, {
        token: admin.accessToken,
        json: { nickname },
      });
    expect((await rename('ㄱㅣㅁㅁㅣㄴㅈㅣ')).body).toMatchObject(DUPLICATE);
    expect((await rename('관리자')).body).toMatchObject(RESERVED);
    expect((await rename('관 리 자')).body).toMatchObject(RESERVED);
    expect((await rename('аlice')).body).toMatchObject(MIXED);
    const done = await rename('바뀐이름'.normalize('NFD'));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ id: target.userId, nickname: '바뀐이름' });
    expect((await rename('없는사람')).status).toBe(200);
    expect(
      (
        await server.call('PUT', '/api/admin/users/987654/nickname', {
          token: admin.accessToken,
          json: { nickname: '누구' },
        })
      ).body.code,
    ).toBe('USER_NOT_FOUND');
  });

  it('room titles and descriptions lose their bidirectional controls', async () => {
    const me = await server.signUpMember('rules-host', '방장');
    const roomId = await createRoom(server, me.accessToken, {
      title: '\u202E기본소득 도입',
      description: '찬반\u200B토론\u2066',
    });
    const info = await server.call('GET', `/api/debates/${roomId}`, { token: me.accessToken });
    expect(info.body.data).toMatchObject({ title: '기본소득 도입', description: '찬반토론' });
  });
});

describe('nicknames stored before the confusable check', () => {
  let older: TestServer;
  let restarted: TestServer;
  const legacy = ['김민지'.normalize('NFD'), 'ｂｏｂ', 'bob'];
  const ids: number[] = [];

  beforeAll(async () => {
    older = await startTestServer();
    // Rows as an older server stored them: lower-cased keys, no skeleton (the migration leaves it null).
    const { sqlite } = (older.deps.storage as SqliteStorage).database;
    const insert = sqlite.prepare(
      "INSERT INTO users (provider, subject, nickname, nickname_key, role) VALUES ('google', ?, ?, ?, 'ROLE_MEMBER')",
    );
    legacy.forEach((nickname, i) =>
      ids.push(Number(insert.run(`legacy-${i}`, nickname, nickname.toLowerCase()).lastInsertRowid)),
    );
    sqlite.prepare('UPDATE users SET nickname_skeleton = NULL').run();
    await older.close();
    restarted = await startTestServer({ DATA_DIR: older.dataDir });
  });
  afterAll(async () => {
    await restarted.stop();
    rmSync(older.dataDir, { recursive: true, force: true });
  });

  it('the server starts, renames nobody, logs the look-alikes and lists them for staff', async () => {
    for (const [i, id] of ids.entries())
      expect((await restarted.deps.storage.users.findById(id))!.nickname).toBe(legacy[i]);
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    await checkStoredNicknames(restarted.deps.storage, pino({ level: 'warn' }, sink));
    expect(lines.map((l) => JSON.parse(l) as { users: { id: number }[] }).map((l) => l.users.map((u) => u.id))).toEqual(
      expect.arrayContaining([expect.arrayContaining([ids[0]]), [ids[1], ids[2]]]),
    );

    const admin = await restarted.signIn('admin');
    const list = await restarted.call('GET', '/api/admin/nickname-collisions', { token: admin.accessToken });
    const groups = (list.body.data as { collisions: { users: { id: number; nickname: string }[] }[] }).collisions;
    const minji = (await restarted.signIn('minji')).userId;
    expect(groups.map((g) => g.users.map((u) => u.id))).toEqual([
      [minji, ids[0]],
      [ids[1], ids[2]],
    ]);
    const member = await restarted.signIn('legacy-0');
    expect((await restarted.call('GET', '/api/admin/nickname-collisions', { token: member.accessToken })).status).toBe(
      403,
    );
  });

  it('a look-alike is taken for newcomers too, and the list empties as staff rename one side', async () => {
    const newcomer = await restarted.signIn('legacy-newcomer');
    const check = await restarted.call('POST', '/api/auth/nickname-confirm', {
      token: newcomer.accessToken,
      json: { nickname: 'BOB' },
    });
    expect(check.body).toMatchObject(DUPLICATE);
    const admin = await restarted.signIn('admin');
    for (const [id, nickname] of [
      [ids[0], '김민지둘'],
      [ids[1], '밥'],
    ] as const) {
      const res = await restarted.call('PUT', `/api/admin/users/${id}/nickname`, {
        token: admin.accessToken,
        json: { nickname },
      });
      expect(res.status).toBe(200);
    }
    const list = await restarted.call('GET', '/api/admin/nickname-collisions', { token: admin.accessToken });
    expect(list.body.data).toEqual({ collisions: [] });
  });
});
