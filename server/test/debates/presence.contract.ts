/**
 * The presence contract: which sessions carry a user in a room and role, where only the first
 * arriving and the last leaving count. Every implementation runs it (in process and Redis); a
 * shared one also across nodes, where a dead node's sessions are purged by a survivor.
 */
import { describe, expect, it } from 'vitest';
import type { PresenceEntry } from '../../src/debates/live/presence.js';
import type { PresenceStore } from '../../src/debates/live/presence-store.js';

export interface PresenceContractOptions {
  /** Two stores of different nodes sharing the bus, and the way for one to purge the other. */
  readonly nodes?: () => Promise<{
    readonly a: PresenceStore;
    readonly b: PresenceStore;
    readonly purgeA: () => Promise<PresenceEntry[]>;
  }>;
}

let rooms = 0;
/** A room id of its own per test (a shared store outlives a test), with a `|` as ids may hold. */
const room = () => `contract|${process.pid}-${Date.now()}-${rooms++}`;

/** Defines the presence contract suite for one implementation. */
export function presenceContract(
  name: string,
  create: () => Promise<PresenceStore>,
  options: PresenceContractOptions = {},
): void {
  describe(`Presence contract: ${name}`, () => {
    it('counts the first session arriving and the last leaving, per room, role and user', async () => {
      const store = await create();
      const seat: PresenceEntry = { roomId: room(), role: 'debater', userId: 7 };
      const watch: PresenceEntry = { ...seat, role: 'observer' };
      expect(await store.has(seat)).toBe(false);
      expect(await store.add(seat, 's1')).toBe(true);
      expect(await store.add(seat, 's2')).toBe(false);
      expect(await store.add(seat, 's2')).toBe(false);
      expect(await store.add(watch, 's1')).toBe(true);
      expect(await store.has(seat)).toBe(true);
      expect(await store.remove(seat, 's1')).toBe(false);
      expect(await store.remove(seat, 's1')).toBe(false);
      expect(await store.has(seat)).toBe(true);
      expect(await store.remove(seat, 's2')).toBe(true);
      expect(await store.has(seat)).toBe(false);
      expect(await store.has(watch)).toBe(true);
      expect(await store.remove(seat, 'never')).toBe(false);
    });

    it('drops a closed session: only the entries it was the last session of', async () => {
      const store = await create();
      const roomId = room();
      const alone: PresenceEntry = { roomId, role: 'observer', userId: 1 };
      const shared: PresenceEntry = { roomId, role: 'debater', userId: 2 };
      await store.add(alone, 'x');
      await store.add(shared, 'x');
      await store.add(shared, 'y');
      expect(await store.drop('x')).toEqual([alone]);
      expect(await store.drop('x')).toEqual([]);
      expect(await store.has(shared)).toBe(true);
      expect(await store.drop('y')).toEqual([shared]);
    });

    it('forgets an ended room and nothing else', async () => {
      const store = await create();
      const ended: PresenceEntry = { roomId: room(), role: 'debater', userId: 3 };
      const other: PresenceEntry = { roomId: room(), role: 'debater', userId: 3 };
      await store.add(ended, 's');
      await store.add(other, 's');
      await store.forgetRoom(ended.roomId);
      expect(await store.has(ended)).toBe(false);
      expect(await store.has(other)).toBe(true);
      expect(await store.drop('s')).toEqual([other]);
      expect(await store.add(ended, 's')).toBe(true); // the room's next arrival is a first again
    });

    const nodes = options.nodes;
    if (nodes) {
      it("counts a user's sessions on every node together", async () => {
        const { a, b } = await nodes();
        const seat: PresenceEntry = { roomId: room(), role: 'debater', userId: 4 };
        expect(await a.add(seat, 's')).toBe(true);
        expect(await b.add(seat, 's')).toBe(false); // the same session id on another node is another session
        expect(await a.drop('s')).toEqual([]);
        expect(await a.has(seat)).toBe(true);
        expect(await b.remove(seat, 's')).toBe(true);
      });

      it("purges a dead node's sessions: the entries nobody carries any more are returned once", async () => {
        const { a, b, purgeA } = await nodes();
        const roomId = room();
        const onlyOnA: PresenceEntry = { roomId, role: 'debater', userId: 5 };
        const onBoth: PresenceEntry = { roomId, role: 'observer', userId: 6 };
        await a.add(onlyOnA, 'a1');
        await a.add(onBoth, 'a1');
        await b.add(onBoth, 'b1');
        expect(await purgeA()).toEqual([onlyOnA]);
        expect(await purgeA()).toEqual([]);
        expect(await b.has(onlyOnA)).toBe(false);
        expect(await b.has(onBoth)).toBe(true);
        expect(await b.remove(onBoth, 'b1')).toBe(true);
      });
    }
  });
}
