import { readRecordedRooms } from '@toron/fixtures';
import { replay, type RoomEvent } from '@toron/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adaptMembers, seedRecordedRooms } from '../../src/debates/seed.js';
import { startTestServer, type Session, type TestServer } from '../support/server.js';

let server: TestServer;
let member: Session;
const rooms = readRecordedRooms();
const byName = (name: string) => rooms.find((r) => r.name === name)!;
const roomIdOf = (name: string) => (byName(name).events[0] as { roomId: string }).roomId;

beforeAll(async () => {
  server = await startTestServer();
  member = await server.signUpMember(`seed-${process.pid}`, '시드관람');
});
afterAll(async () => {
  await server.stop();
});

describe('recorded demo debates', () => {
  it('are finished rooms on a fresh database: listed, archived and replayable', async () => {
    const token = member.accessToken;
    const list = await server.call(
      'GET',
      '/api/debates/debateRoom/finished?q=&continent=&category=&member=&p=1&sort=recent',
      { token },
    );
    const listed = (list.body.data as { content: { uuid: string }[] }).content.map((r) => r.uuid);
    // Every finished recording is there; the abandoned one (nothing to replay) is not.
    for (const room of rooms) {
      const expected = room.name !== 'abandoned';
      expect(listed.includes(roomIdOf(room.name)), room.name).toBe(expected);
    }
    const id = roomIdOf('one-on-one-vote');
    const info = (await server.call('GET', `/api/debates/${id}`, { token })).body.data as {
      status: string;
      proUsers: unknown[];
    };
    expect(info.status).toBe('CLOSED');
    expect(info.proUsers).toHaveLength(1);
    const archive = (await server.call('GET', `/api/users/mypage/${id}/debateChats`, { token })).body.data as {
      profileUrl: string | null;
    }[];
    expect(archive.length).toBeGreaterThan(0);
    // The recording's avatar paths were rewritten to this database's users.
    for (const line of archive) expect(line.profileUrl ?? '').not.toContain('/images/avatars/');
    const log = (await server.call('GET', `/api/debates/${id}/events`, { token })).body.data as unknown[];
    expect(log).toHaveLength(byName('one-on-one-vote').events.length);
  });

  it('measure the recorded stances: the debate’s persuasion and its debaters’ 설득력', async () => {
    const token = member.accessToken;
    const id = roomIdOf('stances-moved');
    const measured = (await server.call('GET', `/api/debates/${id}/persuasion`, { token })).body.data as any;
    expect(measured.swing).toEqual({ PRO: 40, CON: -20, mover: 'PRO' });
    expect(measured.mostMoved).toMatchObject({ turnIndex: 2, side: 'PRO', moved: 3 });
    const joins = byName('stances-moved').events.filter((e) => e.type === 'DebaterJoined');
    const pro = joins.find((e) => e.side === 'PRO')!.userId;
    const mine = (await server.call('GET', `/api/persuasion/users/${pro}`, { token })).body.data as any;
    expect(mine.persuasion).toEqual({ averageSwing: 40, debates: 1 });
  });

  it('are seeded once: a second run adds nothing', async () => {
    expect((await seedRecordedRooms(server.deps)).created).toBe(0);
  });

  it('refuse a recording whose users do not match this database', () => {
    const room = byName('one-on-one-vote');
    const joined = room.events.find((e) => e.type === 'DebaterJoined')!;
    expect(adaptMembers(joined, () => ({ nickname: '다른사람', imageUrl: null }))).toBeNull();
    expect(adaptMembers(joined, () => undefined)).toBeNull();
    const adapted = room.events.map((e) =>
      adaptMembers(e, (id) => ({ nickname: nicknameIn(room.events, id), imageUrl: `/avatars/${id}.svg` })),
    );
    expect(adapted.every((e) => e !== null)).toBe(true);
    // Rewriting avatars changes nothing the engine decides on.
    expect(replay(adapted as never).phase).toBe(replay(room.events).phase);
  });
});

/** The nickname a recording gives a user when they join. */
function nicknameIn(events: readonly RoomEvent[], userId: number): string {
  for (const e of events)
    if ((e.type === 'DebaterJoined' || e.type === 'ObserverJoined') && e.userId === userId) return e.nickname;
  return '';
}
