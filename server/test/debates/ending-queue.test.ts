/**
 * A node commits its room endings one at a time, each with its rating last (docs/ratings.md): on
 * PostgreSQL the rating writers hold one lock until their commits, so endings side by side would
 * only wait for each other while each holds a pooled connection that chat and ballots of every
 * other room need. Many rooms end at once (every CON debater leaves together: walkovers, all
 * rated) over the real PostgreSQL storage, observed by a decorator that counts the ending
 * transactions open at any moment and notes what each does after its rating; a commit writer
 * (as notifications are) runs in each of them.
 */
import type { Storage, Stores } from '../../src/db/storage.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { insertMembers, useTestStorage } from '../support/engines.js';
import { defaultRoomLimits, member, SETTINGS } from './room-log.js';

const ROOMS = 24;

/** What the decorator saw of the ending transactions. */
interface Seen {
  /** Ending transactions open now, and the most ever open at once. */
  open: number;
  most: number;
  endings: number;
  /** Store calls each ending made after rating its debate (store.method). */
  afterRating: string[][];
}

/**
 * The real storage, whose transactions report the store calls they make: one that retires its
 * room's head is an ending, open from that call until its transaction has ended.
 */
function observed(real: Storage, seen: Seen): Storage {
  const transaction = <T>(work: (tx: Stores) => Promise<T>): Promise<T> => {
    let ending = false;
    let rated: string[] | null = null;
    const note = (call: string) => {
      if (call === 'roomHeads.retire') {
        ending = true;
        seen.endings += 1;
        seen.most = Math.max(seen.most, ++seen.open);
      }
      rated?.push(call);
      if (call === 'ratings.recordRatedDebate') seen.afterRating.push((rated = []));
    };
    return real
      .transaction((tx) => work(traced(tx, note)))
      .finally(() => {
        if (ending) seen.open -= 1;
      });
  };
  return new Proxy(real, { get: (target, key) => (key === 'transaction' ? transaction : Reflect.get(target, key)) });
}

/** The transaction's stores, each call reported to `note` before it runs. */
function traced(tx: Stores, note: (call: string) => void): Stores {
  return new Proxy(tx, {
    get(stores, name: string) {
      const store = Reflect.get(stores, name) as object;
      return new Proxy(store, {
        get(target, method: string) {
          const fn = Reflect.get(target, method) as unknown;
          if (typeof fn !== 'function') return fn;
          return (...args: unknown[]) => {
            note(`${name}.${method}`);
            return (fn as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  });
}

describe('room endings of one node on postgres', () => {
  const storage = useTestStorage('postgres');

  it(`${ROOMS} rooms ending at once commit one after another, each rating last`, async () => {
    const seen: Seen = { open: 0, most: 0, endings: 0, afterRating: [] };
    const directory = new RoomDirectory({
      storage: observed(storage(), seen),
      logger: pino({ level: 'silent' }),
      now: Date.now,
      nodeId: 'test',
      limits: defaultRoomLimits(),
    });
    // What another feature keeps of a batch is written before the rating too.
    directory.writeWith(async (tx, batch) => void (await tx.rooms.find(batch.roomId)));
    const people = await insertMembers(storage(), ROOMS * 2);
    const rooms = Array.from({ length: ROOMS }, (_, i) => ({
      roomId: crypto.randomUUID(),
      pro: member(people[2 * i]!.id),
      con: member(people[2 * i + 1]!.id),
    }));
    for (const { roomId, pro, con } of rooms) {
      const settings = { ...SETTINGS, creatorId: pro.userId };
      expect((await directory.open({ type: 'openRoom', roomId, settings })).rejection).toBeUndefined();
      for (const [actor, side] of [
        [pro, 'PRO'],
        [con, 'CON'],
      ] as const)
        expect((await directory.dispatch(roomId, { type: 'joinAsDebater', actor, side })).rejection).toBeUndefined();
    }
    expect(seen.endings).toBe(0);

    const left = await Promise.all(
      rooms.map(({ roomId, con }) => directory.dispatch(roomId, { type: 'leave', actor: con })),
    );
    expect(left.map((d) => d.rejection)).toEqual(rooms.map(() => undefined));
    expect(seen.endings).toBe(ROOMS);
    expect(seen.most).toBe(1);
    expect(seen.afterRating).toEqual(rooms.map(() => []));
    // Every debate was rated: each debater once.
    const standings = await storage().ratings.standingsOf(people.map((p) => p.id));
    expect([...standings.values()].map((s) => s.games)).toEqual(people.map(() => 1));
    await directory.stop();
  });
});
