/**
 * Running rooms' appends on PostgreSQL share a statement: those asked for in one event-loop turn
 * are written by one statement (one transaction id on every row), each room's fence is still its
 * own, and a room whose append fails takes no other room down with it.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEvent } from '@toron/engine';
import { OwnershipLost } from '../../src/cluster/heads.js';
import type { Storage } from '../../src/db/storage.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { ConcurrentAppendError } from '../../src/debates/store.js';
import { freshDatabase, insertMembers, storageOn, type FreshDatabase } from '../support/engines.js';
import { adminQuery } from '../support/pg-cluster.js';
import { defaultRoomLimits, SETTINGS } from './room-log.js';

let database: FreshDatabase;
let storage: Storage;
beforeAll(async () => {
  database = await freshDatabase('postgres');
  storage = await storageOn(database);
});
afterAll(async () => {
  await storage.close();
  await database.drop();
});

const fence = { nodeId: 'node-a', epoch: 1 };

/** `count` rooms opened by node-a (their heads at seq 1), each with its first event to copy. */
async function openRooms(count: number): Promise<{ roomId: string; opened: RoomEvent }[]> {
  const [creator] = await insertMembers(storage, 1);
  const directory = new RoomDirectory({
    storage,
    logger: pino({ level: 'silent' }),
    now: Date.now,
    nodeId: fence.nodeId,
    limits: defaultRoomLimits(),
  });
  const rooms = [];
  for (let i = 0; i < count; i++) {
    const roomId = randomUUID();
    await directory.open({ type: 'openRoom', roomId, settings: { ...SETTINGS, creatorId: creator!.id } });
    const [opened] = await storage.roomEvents.load(roomId);
    rooms.push({ roomId, opened: opened! });
  }
  await directory.stop();
  return rooms;
}

/** The transactions that wrote the rooms' events at `seq`. */
async function writers(roomIds: readonly string[], seq: number): Promise<Set<string>> {
  const ids = roomIds.map((id) => `'${id}'`).join(', ');
  const { rows } = await adminQuery(
    database.env.DATABASE_URL!,
    `SELECT xmin::text AS writer FROM room_events WHERE seq = ${seq} AND room_id IN (${ids})`,
  );
  expect(rows).toHaveLength(roomIds.length);
  return new Set(rows.map((row: { writer: string }) => row.writer));
}

describe('running rooms’ appends on PostgreSQL', () => {
  it('writes the appends of one turn in one statement, each room under its own fence', async () => {
    const rooms = await openRooms(12);
    await Promise.all(
      rooms.map(({ roomId, opened }) => storage.roomEvents.append(roomId, [{ ...opened, seq: 2 }], fence)),
    );
    expect(
      (
        await writers(
          rooms.map((r) => r.roomId),
          2,
        )
      ).size,
    ).toBe(1);
    for (const { roomId } of rooms) expect(await storage.roomHeads.find(roomId)).toMatchObject({ lastSeq: 2 });
    // The next turn's appends are another statement.
    await Promise.all(
      rooms.map(({ roomId, opened }) =>
        storage.roomEvents.append(
          roomId,
          [
            { ...opened, seq: 3 },
            { ...opened, seq: 4 },
          ],
          fence,
        ),
      ),
    );
    const third = await writers(
      rooms.map((r) => r.roomId),
      3,
    );
    expect(third.size).toBe(1);
    expect(third).not.toEqual(await writers([rooms[0]!.roomId], 2));
    expect((await storage.roomEvents.load(rooms[5]!.roomId)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('stores each room’s events through the shared statement as given, whatever their text holds', async () => {
    const rooms = await openRooms(3);
    const texts = [
      '따옴표 " 와 역슬래시 \\ 그리고 \\u0041',
      '줄바꿈\n탭\t 이모지 😀 구분자 \u2028',
      '{"kind":"batch"} ] , }',
    ];
    const chats = rooms.map(({ roomId }, i): RoomEvent[] => [
      {
        type: 'ObserverChatted',
        seq: 2,
        at: 1_000 + i,
        v: 1,
        userId: 7,
        nickname: '참관자"7',
        imageUrl: null,
        text: texts[i]!,
      },
      {
        type: 'ObserverChatted',
        seq: 3,
        at: 1_001 + i,
        v: 1,
        userId: 8,
        nickname: '참관자\\8',
        imageUrl: '/a"b',
        text: `${roomId} 둘째`,
      },
    ]);
    await Promise.all(rooms.map(({ roomId }, i) => storage.roomEvents.append(roomId, chats[i]!, fence)));
    expect(
      (
        await writers(
          rooms.map((r) => r.roomId),
          3,
        )
      ).size,
    ).toBe(1);
    for (const [i, { roomId }] of rooms.entries()) expect(await storage.roomEvents.load(roomId, 2)).toEqual(chats[i]);
  });

  it('refuses only the room whose fence no longer holds; the others of its statement are appended', async () => {
    const rooms = await openRooms(5);
    const lost = rooms[2]!;
    const outcomes = await Promise.allSettled(
      rooms.map(({ roomId, opened }) =>
        storage.roomEvents.append(
          roomId,
          [{ ...opened, seq: 2 }],
          roomId === lost.roomId ? { ...fence, epoch: 2 } : fence,
        ),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(OwnershipLost);
    const kept = rooms.filter((r) => r !== lost).map((r) => r.roomId);
    expect((await writers(kept, 2)).size).toBe(1);
    expect((await storage.roomEvents.load(lost.roomId)).map((e) => e.seq)).toEqual([1]);
    expect(await storage.roomHeads.find(lost.roomId)).toMatchObject({ lastSeq: 1 });
  });

  it('fails only the room whose seq is taken; the others are appended, each alone', async () => {
    const rooms = await openRooms(4);
    const taken = rooms[1]!;
    // Seq 2 of one room is taken behind its head's back: the shared statement aborts as a whole.
    await storage.roomEvents.append(taken.roomId, [{ ...taken.opened, seq: 2 }], null);
    const outcomes = await Promise.allSettled(
      rooms.map(({ roomId, opened }) => storage.roomEvents.append(roomId, [{ ...opened, seq: 2 }], fence)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrentAppendError);
    for (const { roomId } of rooms.filter((r) => r !== taken))
      expect(await storage.roomHeads.find(roomId)).toMatchObject({ lastSeq: 2 });
    expect(await storage.roomHeads.find(taken.roomId)).toMatchObject({ lastSeq: 1 });
  });
});
