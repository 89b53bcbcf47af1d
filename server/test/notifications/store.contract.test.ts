/** The notification and push-subscription stores on both engines. */
import { describe, expect, it } from 'vitest';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('notification store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const stored = () => storage().notifications;
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));

  it('stores, pages newest first, counts unread, reads, removes — only the owner’s', async () => {
    const [me, other] = await insertMembers(storage(), 2);
    // Several in one statement, each returned as stored.
    const made = await stored().insert(
      Array.from({ length: 5 }, (_, i) => ({
        userId: me!.id,
        type: 'FOLLOW' as const,
        typeId: i,
        content: `알림 ${i}`,
        at: at(i),
      })),
    );
    const [chat] = await stored().insert([
      { userId: other!.id, type: 'CHAT', typeId: other!.id, roomId: 'room-1', content: '모집 완료', at: at(9) },
    ]);
    expect(await stored().insert([])).toEqual([]);
    expect(made.map((n) => [n.typeId, n.content])).toEqual([0, 1, 2, 3, 4].map((i) => [i, `알림 ${i}`]));
    expect(made[0]).toMatchObject({ status: 'UNREAD', roomId: null, createdAt: at(0).getTime() });
    expect(chat!.roomId).toBe('room-1');
    const page = await stored().page(me!.id, 0, 3);
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.typeId)).toEqual([4, 3, 2]);
    expect((await stored().page(me!.id, 1, 3)).rows.map((r) => r.typeId)).toEqual([1, 0]);
    expect(await stored().countUnread(me!.id)).toBe(5);
    expect(await stored().markRead(made[0]!.id, me!.id, at(10))).toBe(true);
    expect(await stored().markRead(made[0]!.id, me!.id, at(11))).toBe(true);
    expect(await stored().markRead(made[0]!.id, other!.id, at(11))).toBe(false);
    expect((await stored().page(me!.id, 1, 3)).rows[1]).toMatchObject({ status: 'READ', updatedAt: at(10).getTime() });
    expect(await stored().countUnread(me!.id)).toBe(4);
    expect(await stored().markAllRead(me!.id, at(12))).toBe(4);
    expect(await stored().countUnread(me!.id)).toBe(0);
    expect(await stored().remove(made[1]!.id, other!.id)).toBe(false);
    expect(await stored().remove(made[1]!.id, me!.id)).toBe(true);
    expect(await stored().removeAll(me!.id)).toBe(4);
    expect(await stored().countUnread(other!.id)).toBe(1);
  });

  it('tells whether a notification of a kind about one thing exists since a time', async () => {
    const [me] = await insertMembers(storage(), 1);
    await stored().insert([{ userId: me!.id, type: 'FOLLOW', typeId: 7, content: '팔로우', at: at(5) }]);
    expect(await stored().hasSince(me!.id, 'FOLLOW', 7, at(5))).toBe(true);
    expect(await stored().hasSince(me!.id, 'FOLLOW', 7, at(6))).toBe(false);
    expect(await stored().hasSince(me!.id, 'FOLLOW', 8, at(0))).toBe(false);
    expect(await stored().hasSince(me!.id, 'CHAT', 7, at(0))).toBe(false);
  });
});

describe.each(ENGINES)('push-subscription store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const subs = () => storage().pushSubscriptions;
  const sub = (n: number) => ({ endpoint: `https://push.example.com/${n}`, p256dh: `key-${n}`, auth: `auth-${n}` });

  it('saves, moves an endpoint to its new user, lists the allowed ones and removes', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    await subs().save(a!.id, sub(1), true, new Date(1000), 5);
    await subs().save(a!.id, sub(2), false, new Date(2000), 5);
    expect((await subs().allowed(a!.id)).map((s) => s.endpoint)).toEqual([sub(1).endpoint]);
    expect(await subs().find(a!.id, sub(2).endpoint)).toMatchObject({ allowed: false, p256dh: 'key-2' });
    await subs().save(b!.id, sub(1), true, new Date(3000), 5);
    expect(await subs().find(a!.id, sub(1).endpoint)).toBeUndefined();
    expect(await subs().find(b!.id, sub(1).endpoint)).toMatchObject({ userId: b!.id, allowed: true });
    expect(await subs().remove(sub(2).endpoint, b!.id)).toBe(false);
    expect(await subs().remove(sub(2).endpoint, a!.id)).toBe(true);
    expect(await subs().remove(sub(1).endpoint)).toBe(true);
    expect(await subs().allowed(b!.id)).toEqual([]);
  });

  it('keeps at most `keep` browsers per user, forgetting the oldest', async () => {
    const [a] = await insertMembers(storage(), 1);
    for (let n = 1; n <= 4; n++) await subs().save(a!.id, sub(n), true, new Date(n * 1000), 3);
    expect((await subs().allowed(a!.id)).map((s) => s.endpoint).sort()).toEqual(
      [sub(2), sub(3), sub(4)].map((s) => s.endpoint).sort(),
    );
  });

  it('race: browsers saved at once by one user still end within the limit', async () => {
    const [a] = await insertMembers(storage(), 1);
    await Promise.all(Array.from({ length: 10 }, (_, n) => subs().save(a!.id, sub(n), true, new Date(n * 1000), 3)));
    expect(await subs().allowed(a!.id)).toHaveLength(3);
  });
});
