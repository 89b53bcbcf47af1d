import { randomUUID } from 'node:crypto';
import { isOpen } from '@toron/engine';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { OWNERS_TOPIC, ownerChangedNotice, singleNodeOwners } from '../../src/cluster/room-owners.js';
import { RoomDirectory } from '../../src/debates/directory.js';
import { project } from '../../src/debates/projector.js';
import { member, playRoom } from '../debates/room-log.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

const SETTINGS = {
  title: '기본소득 도입',
  description: '찬반 토론',
  continent: 'KR',
  category: 'PO',
  format: 'T1',
  secondsPerTurn: 30,
  turnsPerSide: 3,
  resultEnabled: true,
} as const;

describe.each(ENGINES)('room owners of a single node on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('owns every live room at its last sequence number, and no unknown or ended room', async () => {
    const [creator] = await insertMembers(storage(), 1);
    const directory = new RoomDirectory({ storage: storage(), logger: pino({ level: 'silent' }), now: Date.now });
    const owners = singleNodeOwners('node-a', storage());
    const roomId = randomUUID();
    const opened = await directory.open({
      type: 'openRoom',
      roomId,
      settings: { ...SETTINGS, creatorId: creator!.id },
    });
    expect(opened.rejection).toBeUndefined();
    expect(owners.self).toBe('node-a');
    expect(await owners.ownerOf(roomId)).toEqual({ nodeId: 'node-a', epoch: 1, lastSeq: opened.state.lastSeq });
    expect(await owners.ownerOf(randomUUID())).toBeNull();
    await directory.stop();

    const [pro, con] = await insertMembers(storage(), 2);
    const ended = playRoom([
      { type: 'joinAsDebater', actor: member(pro!.id), side: 'PRO' },
      { type: 'joinAsDebater', actor: member(con!.id), side: 'CON' },
      { type: 'leave', actor: member(con!.id) },
    ]);
    for (const b of ended.batches) {
      const after = b.after;
      if (!isOpen(after)) throw new Error('not open');
      await storage().transaction(async (tx) => {
        await tx.roomEvents.append(ended.roomId, b.events);
        await project(tx, b.before, b.events, after);
      });
    }
    expect(ended.state.phase).toBe('wonByDefault');
    expect(await owners.ownerOf(ended.roomId)).toBeNull();
  });
});

describe('owner-changed notices', () => {
  it('travel on cluster:owners and are validated on receipt', () => {
    expect(OWNERS_TOPIC).toBe('cluster:owners');
    const notice = { type: 'owner-changed', roomId: randomUUID(), nodeId: null, epoch: 3, lastSeq: 12 };
    expect(ownerChangedNotice.parse(notice)).toEqual(notice);
    expect(ownerChangedNotice.safeParse({ ...notice, epoch: -1 }).success).toBe(false);
    expect(ownerChangedNotice.safeParse({ ...notice, nodeId: '' }).success).toBe(false);
  });
});
