/**
 * The users and follows stores, on both engines: identities, nicknames ignoring case, partial
 * updates, roles and sanctions, records, the ranking's member standings, follows — and the
 * read-then-write cases under concurrent clients (PostgreSQL runs them on separate connections).
 */
import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../src/db/errors.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('users store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const users = () => storage().users;

  it('finds users by id, ids, identity and nickname (ignoring case)', async () => {
    const jiho = await users().insert({ provider: 'kakao', subject: 'k-1', nickname: 'JiHo', role: 'ROLE_GUEST' });
    const [other] = await insertMembers(storage(), 1);
    expect(jiho).toMatchObject({ nickname: 'JiHo', nicknameKey: 'jiho', role: 'ROLE_GUEST', winNumber: 0 });
    expect(jiho.createdAt).toBeInstanceOf(Date);
    expect(jiho.suspendedUntil).toBeNull();
    expect(await users().findById(jiho.id)).toEqual(jiho);
    expect(await users().findById(999_999)).toBeUndefined();
    expect((await users().findByIds([jiho.id, other!.id, 999_999])).map((u) => u.id).sort()).toEqual(
      [jiho.id, other!.id].sort(),
    );
    expect(await users().findByIds([])).toEqual([]);
    expect((await users().findByIdentity('kakao', 'k-1'))?.id).toBe(jiho.id);
    expect(await users().findByIdentity('google', 'k-1')).toBeUndefined();
    expect((await users().findByNickname('jIhO')).map((u) => u.id)).toEqual([jiho.id]);
    expect(await users().isNicknameTaken('JIHO')).toBe(true);
    expect(await users().isNicknameTaken('jiho', jiho.id)).toBe(false);
    expect(await users().isNicknameTaken('아무도')).toBe(false);
  });

  it('refuses a taken identity with a unique violation, and finds look-alike nicknames', async () => {
    const first = await users().insert({ provider: 'google', subject: 'g-1', nickname: 'Alice', role: 'ROLE_MEMBER' });
    const again = await users()
      .insert({ provider: 'google', subject: 'g-1', nickname: '다른이름', role: 'ROLE_MEMBER' })
      .catch((err: unknown) => err);
    expect(isUniqueViolation(again)).toBe(true);
    // A capital I reads as l: the same look, on either key.
    expect(await users().isNicknameTaken('AIice')).toBe(true);
    expect(await users().isNicknameTaken('ALICE')).toBe(true);
    expect((await users().findByNickname('aLiCe')).map((u) => u.id)).toEqual([first.id]);
    expect(await users().nicknameCollisionPairs()).toEqual([]);
    const second = await users().insert({ provider: 'google', subject: 'g-2', nickname: 'alice', role: 'ROLE_MEMBER' });
    expect(await users().nicknameCollisionPairs()).toEqual([[first.id, second.id]]);
  });

  it('lists staff ids, and fills in the keys of rows stored without them', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    await users().setRole(b!.id, 'ROLE_ADMIN');
    expect(await users().staffIds()).toEqual([b!.id]);
    expect(await users().withoutSkeleton(10)).toEqual([]);
    await users().storeNicknameKeys(a!.id, a!.nickname);
    expect((await users().findById(a!.id))?.nicknameSkeleton).toBe(a!.nicknameSkeleton);
  });

  it('writes only the given fields, returns the picture it replaced, and honours onlyIfRole', async () => {
    const [member] = await insertMembers(storage(), 1);
    const first = await users().update(member!.id, { profileUrl: '/uploads/a.webp', introduction: '안녕' });
    expect(first).toMatchObject({
      previousProfileUrl: null,
      row: { profileUrl: '/uploads/a.webp', introduction: '안녕' },
    });
    expect(first!.row.nickname).toBe(member!.nickname);
    expect(first!.row.updatedAt.getTime()).toBeGreaterThanOrEqual(member!.updatedAt.getTime());
    const second = await users().update(member!.id, { profileUrl: '/uploads/b.webp' });
    expect(second).toMatchObject({ previousProfileUrl: '/uploads/a.webp', row: { introduction: '안녕' } });
    expect(await users().update(member!.id, { role: 'ROLE_ADMIN' }, 'ROLE_GUEST')).toBeUndefined();
    expect((await users().findById(member!.id))?.role).toBe('ROLE_MEMBER');
    expect(await users().update(999_999, { introduction: 'x' })).toBeUndefined();
  });

  it('sets roles (only a suspension keeps its end), lifts an expired suspension, raises token versions', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    const until = new Date(Date.now() + 86_400_000);
    await users().setRole(a!.id, 'ROLE_SUSPENDED', until);
    expect(await users().findById(a!.id)).toMatchObject({ role: 'ROLE_SUSPENDED', suspendedUntil: until });
    await users().liftExpiredSuspension(a!.id, new Date());
    expect((await users().findById(a!.id))?.role).toBe('ROLE_SUSPENDED');
    await users().liftExpiredSuspension(a!.id, new Date(until.getTime() + 1));
    expect(await users().findById(a!.id)).toMatchObject({ role: 'ROLE_MEMBER', suspendedUntil: null });
    await users().setRole(b!.id, 'ROLE_BANNED', until);
    expect(await users().findById(b!.id)).toMatchObject({ role: 'ROLE_BANNED', suspendedUntil: null });
    await users().liftExpiredSuspension(b!.id, new Date(until.getTime() + 1));
    expect((await users().findById(b!.id))?.role).toBe('ROLE_BANNED');
    await users().raiseTokenVersion(b!.id);
    await users().raiseTokenVersion(b!.id);
    expect((await users().findById(b!.id))?.tokenVersion).toBe(2);
  });

  it('lists member standings among some ids, by nickname substring with LIKE wildcards taken literally', async () => {
    const [a, b, c] = await insertMembers(storage(), 3);
    await users().update(a!.id, { nickname: 'Kim_100%' });
    await users().update(b!.id, { nickname: 'kimchi' });
    await users().setRole(c!.id, 'ROLE_ADMIN');
    await storage().follows.add(b!.id, a!.id);
    await storage().follows.add(c!.id, a!.id);
    await users().recordOutcomes([{ userId: a!.id, outcome: 'WIN' }]);
    const all = await users().memberStandings([a!.id, b!.id, c!.id]);
    expect(all.map((m) => m.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(all.find((m) => m.id === a!.id)).toMatchObject({ totalFollowers: 2, totalFollowees: 0, wins: 1 });
    expect(all.find((m) => m.id === b!.id)).toMatchObject({ totalFollowers: 0, totalFollowees: 1 });
    expect((await users().memberStandings([a!.id, b!.id], 'KIM')).length).toBe(2);
    expect((await users().memberStandings([a!.id, b!.id], '_1')).map((m) => m.id)).toEqual([a!.id]);
    expect((await users().memberStandings([a!.id, b!.id], '%')).map((m) => m.id)).toEqual([a!.id]);
    expect(await users().memberStandings([], 'kim')).toEqual([]);
  });

  it('holds a locked row inside a transaction', async () => {
    const [member] = await insertMembers(storage(), 1);
    const seen = await storage().transaction((tx) => tx.users.lock(member!.id));
    expect(seen?.id).toBe(member!.id);
    expect(await storage().transaction((tx) => tx.users.lock(999_999))).toBeUndefined();
  });

  it('race: concurrent records all count, several members in one', async () => {
    const [member, other] = await insertMembers(storage(), 2);
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        users().recordOutcomes([
          { userId: other!.id, outcome: 'LOSS' },
          { userId: member!.id, outcome: (['WIN', 'DRAW', 'LOSS'] as const)[i % 3]! },
        ]),
      ),
    );
    expect(await users().findById(member!.id)).toMatchObject({ winNumber: 8, drawNumber: 8, defeatNumber: 8 });
    expect(await users().findById(other!.id)).toMatchObject({ winNumber: 0, drawNumber: 0, defeatNumber: 24 });
  });

  it('race: of many members renaming themselves to one look at once, exactly one gets it', async () => {
    const members = await insertMembers(storage(), 8);
    const results = await Promise.all(
      members.map((m, i) =>
        storage().transaction(async (tx) => {
          await tx.users.holdNicknames();
          const look = i % 2 ? 'Racer' : 'RACER';
          if (await tx.users.isNicknameTaken(look, m.id)) return 'taken';
          await tx.users.update(m.id, { nickname: look });
          return 'renamed';
        }),
      ),
    );
    expect(results.filter((r) => r === 'renamed')).toHaveLength(1);
    expect(await users().findByNickname('racer')).toHaveLength(1);
  });

  it('race: a sanction written while an expired suspension is lifted stands', async () => {
    const [member] = await insertMembers(storage(), 1);
    await users().setRole(member!.id, 'ROLE_SUSPENDED', new Date(Date.now() - 1000));
    await Promise.all([
      users().setRole(member!.id, 'ROLE_BANNED'),
      users().liftExpiredSuspension(member!.id, new Date()),
      users().liftExpiredSuspension(member!.id, new Date()),
    ]);
    // Whichever order they committed in, a ban is never turned back into a member.
    const role = (await users().findById(member!.id))?.role;
    expect(role).toBe('ROLE_BANNED');
  });

  it('race: a guest completing sign-up twice at once becomes a member once', async () => {
    const guest = await users().insert({
      provider: 'google',
      subject: 'guest',
      nickname: 'GOOGLE_x',
      role: 'ROLE_GUEST',
    });
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        users().update(guest.id, { nickname: `가입${i}`, role: 'ROLE_MEMBER' }, 'ROLE_GUEST'),
      ),
    );
    expect(attempts.filter((a) => a !== undefined)).toHaveLength(1);
  });
});

describe.each(ENGINES)('follows store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const follows = () => storage().follows;

  it('adds and removes idempotently and lists each side, oldest follow first', async () => {
    const [a, b, c] = await insertMembers(storage(), 3);
    expect(await follows().add(a!.id, b!.id)).toBe(true);
    expect(await follows().add(a!.id, b!.id)).toBe(false);
    expect(await follows().add(c!.id, b!.id)).toBe(true);
    expect((await follows().list(b!.id, 'followers')).map((p) => p.id)).toEqual([a!.id, c!.id]);
    expect(await follows().list(a!.id, 'followees')).toEqual([
      { id: b!.id, nickname: b!.nickname, profileUrl: null, introduction: null },
    ]);
    expect(await follows().remove(a!.id, b!.id)).toBe(true);
    expect(await follows().remove(a!.id, b!.id)).toBe(false);
    expect((await follows().list(b!.id, 'followers')).map((p) => p.id)).toEqual([c!.id]);
  });

  it('race: of many concurrent follows of one pair, exactly one is new', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    const added = await Promise.all(Array.from({ length: 16 }, () => follows().add(a!.id, b!.id)));
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await follows().list(b!.id, 'followers')).toHaveLength(1);
  });
});
