/**
 * Room ownership on both engines: the head a room's first batch creates, the fence every later
 * append passes (a node that lost the room appends nothing, its actor stops, the command is not
 * decided again), releases and restarts; on PostgreSQL the leases of the nodes and the orphan
 * claims survivors split between them.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { OwnershipLost } from '../../src/cluster/heads.js';
import type { Storage } from '../../src/db/storage.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { ConcurrentAppendError } from '../../src/debates/store.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { defaultRoomLimits, member, SETTINGS } from '../debates/room-log.js';

const directoryOf = (storage: Storage, nodeId: string) =>
  new RoomDirectory({ storage, logger: pino({ level: 'silent' }), now: Date.now, nodeId, limits: defaultRoomLimits() });

async function openRoom(directory: RoomDirectory, creatorId: number): Promise<string> {
  const roomId = randomUUID();
  const opened = await directory.open({ type: 'openRoom', roomId, settings: { ...SETTINGS, creatorId } });
  expect(opened.rejection).toBeUndefined();
  return roomId;
}

describe.each(ENGINES)('room heads on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('names the opener as owner (epoch 1), follows each append, reads many heads at once', async () => {
    const [creator, pro, con] = await insertMembers(storage(), 3);
    const a = directoryOf(storage(), 'node-a');
    const roomId = await openRoom(a, creator!.id);
    const heads = storage().roomHeads;
    expect(await heads.find(roomId)).toEqual({ nodeId: 'node-a', epoch: 1, lastSeq: a.live(roomId)!.state.lastSeq });
    await a.dispatch(roomId, { type: 'joinAsDebater', actor: member(pro!.id), side: 'PRO' });
    await a.dispatch(roomId, { type: 'joinAsDebater', actor: member(con!.id), side: 'CON' });
    expect((await heads.find(roomId))?.lastSeq).toBe(a.live(roomId)!.state.lastSeq);
    expect(await heads.ownedBy('node-a')).toEqual([roomId]);
    const other = await openRoom(a, creator!.id);
    const unknown = randomUUID();
    const lastSeqs = [[roomId, a.live(roomId)!.state.lastSeq] as const, [other, 1] as const];
    expect(await heads.lastSeqs([roomId, other, unknown])).toEqual(new Map(lastSeqs));
    expect(await heads.lastSeqs([])).toEqual(new Map());
    await a.dispatch(roomId, { type: 'leave', actor: member(con!.id) });
    expect((await a.stateOf(roomId))?.phase).toBe('wonByDefault');
    expect(await heads.find(roomId)).toBeNull();
    expect(await heads.lastSeqs([roomId, other])).toEqual(new Map([[other, 1]]));
    expect(await heads.find(randomUUID())).toBeNull();
    await a.stop();
  });

  it('refuses the appends of a node that lost the room: nothing logged, its actor stopped, no retry', async () => {
    const [creator, pro, con] = await insertMembers(storage(), 3);
    const a = directoryOf(storage(), 'node-a');
    const roomId = await openRoom(a, creator!.id);
    await a.dispatch(roomId, { type: 'joinAsDebater', actor: member(pro!.id), side: 'PRO' });
    // Node b takes every room (as the only node does at a restart): a is now a zombie.
    const b = directoryOf(storage(), 'node-b');
    expect(await b.restore(null)).toBe(1);
    expect(await storage().roomHeads.find(roomId)).toMatchObject({ nodeId: 'node-b', epoch: 2 });
    const before = await storage().roomEvents.load(roomId);
    await expect(a.dispatch(roomId, { type: 'joinAsDebater', actor: member(con!.id), side: 'CON' })).rejects.toThrow(
      OwnershipLost,
    );
    expect(a.live(roomId)).toBeUndefined();
    expect(await storage().roomEvents.load(roomId)).toEqual(before);
    // The owner carries on from where the log stands.
    const joined = await b.dispatch(roomId, { type: 'joinAsDebater', actor: member(con!.id), side: 'CON' });
    expect(joined.rejection).toBeUndefined();
    expect((await storage().roomHeads.find(roomId))?.lastSeq).toBe(b.live(roomId)!.state.lastSeq);
    await a.stop();
    await b.stop();
  });

  it('fences a chat line too, which is appended alone (no transaction): a lost room logs none of it', async () => {
    const [creator, observer] = await insertMembers(storage(), 2);
    const a = directoryOf(storage(), 'node-a');
    const roomId = await openRoom(a, creator!.id);
    await a.dispatch(roomId, { type: 'joinAsObserver', actor: member(observer!.id) });
    const said = await a.dispatch(roomId, { type: 'observerChat', actor: member(observer!.id), text: '안녕하세요' });
    expect(said.rejection).toBeUndefined();
    expect(await storage().roomHeads.find(roomId)).toMatchObject({ lastSeq: a.live(roomId)!.state.lastSeq });
    const b = directoryOf(storage(), 'node-b');
    await b.restore(null);
    const before = await storage().roomEvents.load(roomId);
    await expect(
      a.dispatch(roomId, { type: 'observerChat', actor: member(observer!.id), text: '아직 있나요' }),
    ).rejects.toThrow(OwnershipLost);
    expect(await storage().roomEvents.load(roomId)).toEqual(before);
    await a.stop();
    await b.stop();
  });

  it('moves the head and logs the events of an append outside a transaction together, or neither', async () => {
    const [creator] = await insertMembers(storage(), 1);
    const a = directoryOf(storage(), 'node-a');
    const roomId = await openRoom(a, creator!.id);
    await a.stop();
    const [opened] = await storage().roomEvents.load(roomId);
    const at = (seq: number) => ({ ...opened!, seq });
    const fence = { nodeId: 'node-a', epoch: 1 };
    // Seq 2 is taken behind the head's back (a whole log stored without a fence): the fenced
    // append of seq 2 conflicts, and its head move (1 → 2) goes back with it.
    await storage().roomEvents.append(roomId, [at(2)], null);
    await expect(storage().roomEvents.append(roomId, [at(2), at(3)], fence)).rejects.toThrow(ConcurrentAppendError);
    expect((await storage().roomHeads.find(roomId))?.lastSeq).toBe(1);
    expect((await storage().roomEvents.load(roomId)).map((e) => e.seq)).toEqual([1, 2]);
    // A fence that does not hold logs nothing.
    await expect(storage().roomEvents.append(roomId, [at(2)], { ...fence, epoch: 2 })).rejects.toThrow(OwnershipLost);
    await expect(storage().roomEvents.append(roomId, [at(3)], fence)).rejects.toThrow(OwnershipLost);
    expect((await storage().roomEvents.load(roomId)).map((e) => e.seq)).toEqual([1, 2]);
    expect((await storage().roomHeads.find(roomId))?.lastSeq).toBe(1);
  });

  it('releases a node’s rooms (epoch + 1, no owner) for the next node to take; a stale drop is ignored', async () => {
    const [creator] = await insertMembers(storage(), 1);
    const a = directoryOf(storage(), 'node-a');
    const roomId = await openRoom(a, creator!.id);
    await a.stop();
    const released = await storage().roomHeads.release('node-a');
    expect(released).toEqual([{ roomId, epoch: 2, lastSeq: 1, lostAt: expect.any(Number) }]);
    expect(Math.abs(released[0]!.lostAt! - Date.now())).toBeLessThan(60_000);
    expect(await storage().roomHeads.find(roomId)).toBeNull();
    expect(await storage().roomHeads.release('node-a')).toEqual([]);
    const b = directoryOf(storage(), 'node-b');
    await b.restore(null);
    b.drop(roomId, 2); // a notice of the epoch b already passed
    expect(b.live(roomId)).toBeDefined();
    b.drop(roomId, 4);
    expect(b.live(roomId)).toBeUndefined();
    await b.stop();
  });
});

describe('node leases and orphan claims on PostgreSQL', () => {
  const storage = useTestStorage('postgres');
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('claims the rooms of a silent node, split between the survivors, and never a live node’s', async () => {
    const nodes = storage().nodes!;
    const [creator] = await insertMembers(storage(), 1);
    const a = directoryOf(storage(), 'node-a');
    const rooms = [];
    for (let i = 0; i < 4; i++) rooms.push(await openRoom(a, creator!.id));
    await a.stop();
    await nodes.beat('node-a');
    await nodes.beat('node-b');
    await nodes.beat('node-c');
    expect(await nodes.claimOrphans('node-b', 60_000)).toEqual([]);
    await sleep(400);
    await nodes.beat('node-b');
    await nodes.beat('node-c');
    // a has been silent for 400 ms: past a 300 ms lease. Each claim takes its share of what is left
    // (orphans ÷ live nodes): 4 ÷ 2, then 2 ÷ 2, then the last one.
    const byB = await nodes.claimOrphans('node-b', 300);
    const byC = await nodes.claimOrphans('node-c', 300);
    const lastByB = await nodes.claimOrphans('node-b', 300);
    expect([byB.length, byC.length, lastByB.length]).toEqual([2, 1, 1]);
    const claimed = [...byB, ...byC, ...lastByB];
    expect(claimed.map((c) => c.roomId).sort()).toEqual([...rooms].sort());
    for (const c of claimed) {
      expect(c.epoch).toBe(2);
      expect(c.lastSeq).toBe(1);
      expect(c.lostAt).toBeGreaterThan(0);
    }
    expect(await nodes.claimOrphans('node-b', 300)).toEqual([]);
    await nodes.leave('node-a');
  });

  it('never gives a node its own rooms back as orphans, even past its lease: it is alive, it is asking', async () => {
    const nodes = storage().nodes!;
    const [creator] = await insertMembers(storage(), 1);
    const a = directoryOf(storage(), 'node-a');
    const rooms = [await openRoom(a, creator!.id), await openRoom(a, creator!.id)];
    await a.stop();
    await nodes.beat('node-a');
    await sleep(400);
    await nodes.beat('node-b');
    expect(await nodes.claimOrphans('node-a', 300)).toEqual([]);
    expect(await storage().roomHeads.ownedBy('node-a')).toHaveLength(2);
    // Another node still takes them: to the others, a silent node is a dead one.
    const byB = await nodes.claimOrphans('node-b', 300);
    expect(byB.map((c) => c.roomId).sort()).toEqual([...rooms].sort());
    expect(byB.map((c) => c.epoch)).toEqual([2, 2]);
    await nodes.leave('node-a');
  });
});
