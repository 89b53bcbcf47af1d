/**
 * The owners a node keeps in mind for forwarding: what answered or what the heads named, kept
 * current by ownership notices, one heads read shared by the commands that wait for it, and
 * bounded by forgetting the room used longest ago.
 */
import { describe, expect, it } from 'vitest';
import { KnownOwners } from '../../src/cluster/forwarding/known-owners.js';
import type { RoomOwner } from '../../src/cluster/room-owners.js';

const owner = (nodeId: string, epoch = 1, lastSeq = 3): RoomOwner => ({ nodeId, epoch, lastSeq });

/** Heads that answer from a table, counting reads; a read waits until `settle` when held. */
function heads(table: Record<string, RoomOwner | null>) {
  const reads: string[] = [];
  let held: (() => void)[] | null = null;
  return {
    reads,
    hold: () => (held = []),
    settle: () => {
      for (const release of held ?? []) release();
      held = null;
    },
    read: async (roomId: string) => {
      reads.push(roomId);
      if (held) await new Promise<void>((resolve) => held!.push(resolve));
      const row = table[roomId];
      if (row === undefined) throw new Error('the database is away');
      return row;
    },
  };
}

describe('known owners', () => {
  it('reads a room once for every command that asks meanwhile, and keeps what the heads named', async () => {
    const h = heads({ r1: owner('node-a') });
    const known = new KnownOwners('node-b', h.read, 10);
    h.hold();
    const asked = [known.readOwner('r1'), known.readOwner('r1'), known.readOwner('r1')];
    h.settle();
    expect(await Promise.all(asked)).toEqual([owner('node-a'), owner('node-a'), owner('node-a')]);
    expect(h.reads).toEqual(['r1']);
    expect(known.get('r1')).toEqual(owner('node-a'));
    // The read is over: a later one asks the heads again.
    await known.readOwner('r1');
    expect(h.reads).toEqual(['r1', 'r1']);
  });

  it('keeps neither this node, nor a room no node runs, nor a read that failed', async () => {
    const known = new KnownOwners('node-b', heads({ mine: owner('node-b'), none: null }).read, 10);
    expect(await known.readOwner('mine')).toEqual(owner('node-b'));
    expect(await known.readOwner('none')).toBeNull();
    await expect(known.readOwner('away')).rejects.toThrow('the database is away');
    expect([known.get('mine'), known.get('none'), known.get('away')]).toEqual([undefined, undefined, undefined]);
  });

  it('follows ownership notices for the rooms it knows, and forgets a released room or one taken here', () => {
    const known = new KnownOwners('node-b', heads({}).read, 10);
    known.remember('r1', owner('node-a'));
    known.remember('r2', owner('node-a'));
    known.remember('r3', owner('node-a'));
    known.heard({ roomId: 'r1', nodeId: 'node-c', epoch: 2, lastSeq: 9 });
    known.heard({ roomId: 'r2', nodeId: null, epoch: 2, lastSeq: 9 });
    known.heard({ roomId: 'r3', nodeId: 'node-b', epoch: 2, lastSeq: 9 });
    known.heard({ roomId: 'unknown', nodeId: 'node-c', epoch: 2, lastSeq: 9 });
    expect(['r1', 'r2', 'r3', 'unknown'].map((roomId) => known.get(roomId))).toEqual([
      owner('node-c', 2, 9),
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('keeps the later owner when an answer from the earlier one, or an older notice, comes after the notice', () => {
    const known = new KnownOwners('node-b', heads({}).read, 10);
    known.remember('r1', owner('node-a', 1));
    known.heard({ roomId: 'r1', nodeId: 'node-c', epoch: 2, lastSeq: 9 });
    known.remember('r1', owner('node-a', 1));
    expect(known.get('r1')).toEqual(owner('node-c', 2, 9));
    // An older notice arriving late changes nothing either.
    known.heard({ roomId: 'r1', nodeId: 'node-d', epoch: 1, lastSeq: 4 });
    known.heard({ roomId: 'r1', nodeId: null, epoch: 1, lastSeq: 4 });
    expect(known.get('r1')).toEqual(owner('node-c', 2, 9));
    known.forget('r1');
    expect(known.get('r1')).toBeUndefined();
  });

  it('forgets the room used longest ago beyond its bound', () => {
    const known = new KnownOwners('node-b', heads({}).read, 2);
    known.remember('r1', owner('node-a'));
    known.remember('r2', owner('node-a'));
    known.remember('r1', owner('node-a')); // used again: r2 is now the oldest
    known.remember('r3', owner('node-a'));
    expect(['r1', 'r2', 'r3'].map((roomId) => known.get(roomId)?.nodeId)).toEqual(['node-a', undefined, 'node-a']);
  });
});
