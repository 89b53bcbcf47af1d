/** The push outbox on both engines: claimed oldest first, held once, released when the hold lapses. */
import { describe, expect, it } from 'vitest';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('push outbox on %s', (engine) => {
  const storage = useTestStorage(engine);
  const outbox = () => storage().pushOutbox;
  const at = new Date(Date.UTC(2025, 0, 1));
  const message = (n: number) => ({ title: '알림', body: `내용 ${n}`, url: `/main?${n}` });
  const push = (userId: number, n: number) => ({ userId, message: message(n), at });

  it('claims what nobody holds, oldest first; done removes; a lapsed hold frees a push again', async () => {
    const [me, other] = await insertMembers(storage(), 2);
    await outbox().add([0, 1, 2].map((i) => push(me!.id, i)));
    await outbox().add([push(other!.id, 3)]);
    await outbox().add([]);
    const first = await outbox().claim(2, 60_000);
    expect(first.map(({ id: _id, ...rest }) => rest)).toEqual([
      { userId: me!.id, ...message(0) },
      { userId: me!.id, ...message(1) },
    ]);
    const second = await outbox().claim(10, 60_000);
    expect(second.map((r) => r.body)).toEqual(['내용 2', '내용 3']);
    expect(await outbox().claim(10, 60_000)).toEqual([]);
    for (const row of second) await outbox().done(row.id);
    await outbox().done(first[0]!.id);
    // A node that claimed for no time at all (it died while sending): the push is free again.
    await outbox().add([push(me!.id, 4)]);
    const [held] = await outbox().claim(1, 0);
    expect(held?.body).toBe('내용 4');
    await new Promise((r) => setTimeout(r, 5));
    expect((await outbox().claim(10, 60_000)).map((r) => r.body)).toEqual(['내용 4']);
  });

  it('concurrent claims never hand the same push to two claimers', async () => {
    const [me] = await insertMembers(storage(), 1);
    await outbox().add(Array.from({ length: 40 }, (_, i) => push(me!.id, i)));
    const claims = await Promise.all(Array.from({ length: 8 }, () => outbox().claim(7, 60_000)));
    const ids = claims.flat().map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const rest = await outbox().claim(100, 60_000);
    expect(ids.length + rest.length).toBe(40);
    expect(new Set([...ids, ...rest.map((r) => r.id)]).size).toBe(ids.length + rest.length);
  });
});
