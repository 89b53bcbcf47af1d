/**
 * The debates' storage on both engines: the event log (append in order, a taken sequence number
 * refused, validated reads, chat lookups), the projections the actor writes beside it (summaries,
 * participants, the finished list) and the alive clock; and the concurrent writers the log's key
 * and the participant upserts must settle.
 */
import { isOpen, type RoomEvent } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import type { Storage } from '../../src/db/storage.js';
import { project } from '../../src/debates/projector.js';
import { ConcurrentAppendError } from '../../src/debates/store.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';
import { member, playRoom, type Batch } from './room-log.js';

/** Stores a played room batch by batch, as the actor commits it. */
async function store(storage: Storage, roomId: string, batches: readonly Batch[]): Promise<void> {
  for (const b of batches) {
    if (!isOpen(b.after)) throw new Error('not open');
    const after = b.after;
    await storage.transaction(async (tx) => {
      await tx.roomEvents.append(roomId, b.events, null);
      await project(tx, b.before, b.events, after);
    });
  }
}

/** A 1:1 debate that ended by a walkover (the CON debater left), with one observer who chatted. */
function walkover(pro: number, con: number, observer: number, settings = {}) {
  return playRoom(
    [
      { type: 'joinAsDebater', actor: member(pro), side: 'PRO' },
      { type: 'joinAsObserver', actor: member(observer) },
      { type: 'observerChat', actor: member(observer), text: '첫 줄\n둘째 줄' },
      { type: 'joinAsDebater', actor: member(con), side: 'CON' },
      { type: 'leave', actor: member(con) },
    ],
    settings,
  );
}

describe.each(ENGINES)('debates storage on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('appends a room’s log in order, reads it back validated (from any seq), chat lines', async () => {
    const [pro, con, observer] = await insertMembers(storage(), 3);
    const room = walkover(pro!.id, con!.id, observer!.id);
    await store(storage(), room.roomId, room.batches);
    const log = await storage().roomEvents.load(room.roomId);
    expect(log).toEqual(room.log);
    expect(await storage().roomEvents.load(room.roomId, 3)).toEqual(room.log.slice(2));
    expect(await storage().roomEvents.load('00000000-0000-4000-8000-000000000000')).toEqual([]);
    const said = (userId: number, quote: string) => storage().roomEvents.saidInRoom(room.roomId, userId, quote);
    expect(await said(observer!.id, '첫 줄\n둘째 줄')).toBe(true);
    expect(await said(observer!.id, '첫 줄\n둘째 줄\n신고자의 메모')).toBe(true);
    expect(await said(observer!.id, '첫 줄\n둘째')).toBe(false);
    expect(await said(observer!.id, '첫')).toBe(false);
    expect(await said(pro!.id, '첫 줄\n둘째 줄')).toBe(false);
    expect(await storage().roomEvents.roomsWithEvent(['WonByDefault'])).toEqual([room.roomId]);
    expect(await storage().roomEvents.roomsWithEvent(['VotingClosed'])).toEqual([]);
  });

  it('refuses a sequence number already taken (the whole transaction rolls back) and an invalid event', async () => {
    const room = playRoom([]);
    await store(storage(), room.roomId, room.batches);
    const [opened] = room.log;
    const again = storage().transaction(async (tx) => {
      await tx.rooms.writeAliveAt(123);
      await tx.roomEvents.append(room.roomId, [opened!], null);
    });
    await expect(again).rejects.toBeInstanceOf(ConcurrentAppendError);
    expect(await storage().rooms.readAliveAt()).toBeNull();
    const broken = { ...opened!, seq: 2, type: 'NoSuchEvent' } as unknown as RoomEvent;
    await expect(storage().transaction((tx) => tx.roomEvents.append(room.roomId, [broken], null))).rejects.toThrow();
    expect(await storage().roomEvents.load(room.roomId)).toHaveLength(1);
  });

  it('projects summaries and participants: live and finished rooms, filters, pages, a member’s rooms', async () => {
    const [a, b, c, d] = await insertMembers(storage(), 4);
    const waiting = playRoom([{ type: 'joinAsDebater', actor: member(a!.id), side: 'PRO' }], { title: '대기 중인 방' });
    const first = walkover(a!.id, b!.id, c!.id, { title: '100% 확실한 주제', category: 'EC' });
    const second = walkover(b!.id, a!.id, d!.id, { title: '두 번째 토론', continent: 'EU' });
    for (const room of [waiting, first, second]) await store(storage(), room.roomId, room.batches);
    const rooms = storage().rooms;
    expect(await rooms.find(first.roomId)).toMatchObject({
      title: '100% 확실한 주제',
      category: 'EC',
      phase: 'wonByDefault',
      status: 'CLOSED',
      resultEnabled: true,
      lastSeq: first.state.lastSeq,
      endedAt: first.state.lastAt,
    });
    expect(await rooms.liveIds()).toEqual([waiting.roomId]);
    const page = await rooms.finished({ sort: 'recent' }, 0, 10);
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.id).sort()).toEqual([first.roomId, second.roomId].sort());
    expect((await rooms.finished({ sort: 'recent', q: '0%' }, 0, 10)).rows.map((r) => r.id)).toEqual([first.roomId]);
    expect((await rooms.finished({ sort: 'recent', q: '두 번' }, 0, 10)).rows.map((r) => r.id)).toEqual([
      second.roomId,
    ]);
    expect((await rooms.finished({ sort: 'popular', continent: 'EU' }, 0, 10)).total).toBe(1);
    expect((await rooms.finished({ sort: 'recent', category: 'EC', format: 'T1' }, 0, 10)).total).toBe(1);
    expect((await rooms.finished({ sort: 'recent' }, 1, 10)).rows).toHaveLength(1);
    expect(await rooms.titles([first.roomId, 'none'])).toEqual(new Map([[first.roomId, '100% 확실한 주제']]));
    const mine = await rooms.roomsOfUser(c!.id);
    expect(mine.map((r) => [r.room.id, r.role])).toEqual([[first.roomId, 'OBSERVER']]);
    expect((await rooms.roomsOfUser(a!.id)).map((r) => r.role)).toEqual(['PARTICIPANT', 'PARTICIPANT']);
    // A walkover has a result: its debaters' records and ratings moved with it.
    expect((await storage().users.findById(a!.id))?.winNumber).toBe(1);
    expect((await storage().ratings.roomChanges(first.roomId)).map((r) => r.userId).sort()).toEqual(
      [a!.id, b!.id].sort(),
    );
  });

  it('keeps the alive clock', async () => {
    expect(await storage().rooms.readAliveAt()).toBeNull();
    await storage().rooms.writeAliveAt(1_700_000_000_000);
    await storage().rooms.writeAliveAt(1_700_000_005_000);
    expect(await storage().rooms.readAliveAt()).toBe(1_700_000_005_000);
  });

  it('race: two writers appending the same next event — one wins, the other is told, the log stays dense', async () => {
    const [a] = await insertMembers(storage(), 1);
    const room = playRoom([]);
    await store(storage(), room.roomId, room.batches);
    const next = playRoom([{ type: 'joinAsDebater', actor: member(a!.id), side: 'PRO' }]);
    // Two different decisions for seq 2 of the same room, committed at once.
    const joinPro = { ...next.log[1]!, roomId: room.roomId } as RoomEvent;
    const joinCon = { ...joinPro, side: 'CON' } as RoomEvent;
    const outcomes = await Promise.allSettled(
      [joinPro, joinCon].map((event) =>
        storage().transaction((tx) => tx.roomEvents.append(room.roomId, [event], null)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(ConcurrentAppendError);
    expect((await storage().roomEvents.load(room.roomId)).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('records a batch of observers and debaters at once: an observer once, a debater never demoted', async () => {
    const [a, b, c] = await insertMembers(storage(), 3);
    const room = playRoom([]);
    await store(storage(), room.roomId, room.batches);
    const row = (userId: number, position: 'PRO' | 'CON' | 'NO_POSITION') => ({
      roomId: room.roomId,
      userId,
      role: position === 'NO_POSITION' ? ('OBSERVER' as const) : ('PARTICIPANT' as const),
      position,
      joinedAt: 1,
    });
    await storage().transaction((tx) =>
      tx.rooms.addParticipants([
        row(a!.id, 'NO_POSITION'),
        row(b!.id, 'NO_POSITION'),
        row(a!.id, 'NO_POSITION'),
        row(c!.id, 'PRO'),
      ]),
    );
    await storage().transaction((tx) => tx.rooms.addParticipants([row(c!.id, 'NO_POSITION'), row(b!.id, 'CON')]));
    const seen = async (userId: number) =>
      (await storage().rooms.roomsOfUser(userId)).map((r) => [r.room.id, r.role, r.position]);
    expect(await seen(a!.id)).toEqual([[room.roomId, 'OBSERVER', 'NO_POSITION']]);
    expect(await seen(b!.id)).toEqual([[room.roomId, 'PARTICIPANT', 'CON']]);
    expect(await seen(c!.id)).toEqual([[room.roomId, 'PARTICIPANT', 'PRO']]);
  });

  it('race: a seat recorded while the same member is recorded observing stays a seat', async () => {
    const [a] = await insertMembers(storage(), 1);
    const room = playRoom([]);
    await store(storage(), room.roomId, room.batches);
    const row = (role: 'PARTICIPANT' | 'OBSERVER') => ({
      roomId: room.roomId,
      userId: a!.id,
      role,
      position: role === 'PARTICIPANT' ? ('PRO' as const) : ('NO_POSITION' as const),
      joinedAt: 1,
    });
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        storage().transaction((tx) => tx.rooms.addParticipants([row(i % 2 ? 'OBSERVER' : 'PARTICIPANT')])),
      ),
    );
    expect((await storage().rooms.roomsOfUser(a!.id)).map((r) => r.role)).toEqual(['PARTICIPANT']);
  });
});
