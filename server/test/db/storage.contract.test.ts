/**
 * The storage contract both engines honour: transactions commit or roll back as a whole and keep
 * other callers out of what they have not committed; generated secrets are shared, uploads kept.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('storage on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('commits a transaction when its work resolves', async () => {
    const [user] = await insertMembers(storage(), 1);
    const result = await storage().transaction(async (tx) => {
      await tx.users.setRole(user!.id, 'ROLE_ADMIN');
      return 'done';
    });
    expect(result).toBe('done');
    expect((await storage().users.findById(user!.id))?.role).toBe('ROLE_ADMIN');
  });

  it('runs a scheduled job in one process at a time: a run that finds it going is skipped', async () => {
    let started!: () => void;
    let finish!: () => void;
    const going = new Promise<void>((resolve) => (started = resolve));
    const first = storage().alone('news-ingest', async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
      return 'first';
    });
    await going;
    // PostgreSQL may be shared by several nodes; a SQLite file has only this process.
    expect(await storage().alone('news-ingest', async () => 'second')).toBe(
      engine === 'postgres' ? undefined : 'second',
    );
    finish();
    expect(await first).toBe('first');
    expect(await storage().alone('news-ingest', async () => 'third')).toBe('third');
  });

  it('rolls back every write of a transaction whose work throws, and rethrows', async () => {
    const [user] = await insertMembers(storage(), 1);
    const failure = storage().transaction(async (tx) => {
      await tx.users.setRole(user!.id, 'ROLE_BANNED');
      await tx.follows.add(user!.id, user!.id);
      throw new Error('refused');
    });
    await expect(failure).rejects.toThrow('refused');
    expect((await storage().users.findById(user!.id))?.role).toBe('ROLE_MEMBER');
    expect(await storage().follows.list(user!.id, 'followers')).toEqual([]);
  });

  it('keeps uncommitted writes from other callers, and lets them see the commit', async () => {
    const [user] = await insertMembers(storage(), 1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const tx = storage().transaction(async (t) => {
      await t.users.setRole(user!.id, 'ROLE_ADMIN');
      entered();
      await held;
    });
    await inside;
    // SQLite makes the reader wait for the commit; PostgreSQL shows it the last committed row.
    const reading = storage().users.findById(user!.id);
    const early = await Promise.race([reading, new Promise((resolve) => setTimeout(() => resolve('waiting'), 100))]);
    if (early !== 'waiting') expect(early).toMatchObject({ role: 'ROLE_MEMBER' });
    release();
    await tx;
    if (early === 'waiting') expect((await reading)?.role).toBe('ROLE_ADMIN');
    expect((await storage().users.findById(user!.id))?.role).toBe('ROLE_ADMIN');
  });

  it('runs many transactions at once without losing any', async () => {
    const [user] = await insertMembers(storage(), 1);
    await Promise.all(
      Array.from({ length: 30 }, () =>
        storage().transaction((tx) => tx.users.recordOutcomes([{ userId: user!.id, outcome: 'WIN' }])),
      ),
    );
    expect((await storage().users.findById(user!.id))?.winNumber).toBe(30);
  });

  it('generates a secret once: every later caller gets the first value', async () => {
    let generated = 0;
    const generate = () => `secret-${++generated}-${'x'.repeat(40)}`;
    const values = await Promise.all(Array.from({ length: 8 }, () => storage().secrets.obtain('jwt-secret', generate)));
    expect(new Set(values).size).toBe(1);
    expect(await storage().secrets.obtain('jwt-secret', () => 'other')).toBe(values[0]);
    expect(await storage().secrets.obtain('vapid.json', () => '{"k":1}')).toBe('{"k":1}');
  });

  it('keeps uploaded images by name until removed', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 1, 2]);
    const name = `${'ab'.repeat(16)}.png`;
    await storage().images.put(name, bytes);
    expect(await storage().images.get(name)).toEqual(bytes);
    await expect(storage().images.put(name, bytes)).rejects.toThrow();
    await storage().images.remove(name);
    await storage().images.remove(name);
    expect(await storage().images.get(name)).toBeUndefined();
  });

  it('answers a ping', async () => {
    await expect(storage().ping()).resolves.toBeUndefined();
  });
});
