import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { createRoom, Live, members, sleep, startDebateServer, until } from './support.js';

let server: TestServer;
const clients: Live[] = [];
const connect = async (path: string, token: string | null, headers: Record<string, string> = {}) => {
  const live = await Live.connect(server, path, token, headers);
  clients.push(live);
  return live;
};
const LIST = '/topic/filteredStatus';
const uuids = (entries: any[]) => entries.map((e) => e.debateRoomResponse.uuid);

beforeAll(async () => {
  server = await startDebateServer();
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('room list snapshots', () => {
  it('each session gets its own filtered snapshot on subscribe, on request and on changes (≤ 1/s)', async () => {
    const [a, b, c] = await members(server, 3, '목록');
    const kr = await createRoom(server, a!.accessToken, { continent: 'KR', category: 'PO' });
    const eu = await createRoom(server, b!.accessToken, { continent: 'EU', category: 'EC', memberNumber: 'T2' });

    const krList = await connect('/room-List/filtered?continent=KR&category=&member=', c!.accessToken);
    krList.send('/app/filteredUpdate', { message: '최신 토론방 요청' }); // the main page asks before it subscribes
    krList.subscribe(LIST);
    const allList = await connect('/room-list/filtered', c!.accessToken);
    allList.subscribe(LIST);
    const [krFirst] = await krList.waitFor(LIST, (s) => s.length >= 1);
    const [allFirst] = await allList.waitFor(LIST, (s) => s.length >= 1);
    expect(uuids(krFirst.roomSortedByCreatedAt)).toContain(kr);
    expect(uuids(krFirst.roomSortedByCreatedAt)).not.toContain(eu);
    expect(uuids(allFirst.roomSortedByCreatedAt).slice(0, 2)).toEqual([eu, kr]);
    expect(Object.keys(krFirst).sort()).toEqual([
      'observerCurrent',
      'observerMax',
      'roomCount',
      'roomSortedByCreatedAt',
      'roomSortedByUserCount',
    ]);
    expect(krFirst.roomSortedByCreatedAt[0]).toMatchObject({
      currentCount: 0,
      maxCount: 0,
      debateRoomResponse: {
        uuid: kr,
        memberNumberType: 1,
        timeType: 30,
        speakCountType: 3,
        proUsers: [],
        conUsers: [],
      },
    });

    // A flood of requests inside one second is coalesced into one trailing snapshot.
    for (let i = 0; i < 5; i++) krList.send('/app/filteredUpdate', { message: '최신 토론방 요청' });
    await sleep(400);
    expect(krList.on(LIST).length).toBe(1);
    await krList.waitFor(LIST, (s) => s.length === 2, 2_000);
    await sleep(1_200);
    expect(krList.on(LIST).length).toBe(2);

    // A debater and an observer change the lists: 임박순 puts the fuller room first, 인기순 the watched one.
    const seat = await connect(`/debate/${eu}`, a!.accessToken, { position: 'pro' });
    seat.subscribe(`/topic/debate/${eu}`);
    const watch = await connect(`/observer/${kr}`, b!.accessToken);
    watch.subscribe(`/topic/observer/${kr}`);
    const latest = (
      await allList.waitFor(LIST, (s) =>
        s.some(
          (x) =>
            x.observerCurrent[0]?.currentCount === 1 &&
            x.roomSortedByUserCount.some((e: any) => e.debateRoomResponse.proUsers.length === 1),
        ),
      )
    ).at(-1);
    expect(uuids(latest.observerCurrent)[0]).toBe(kr);
    expect(uuids(latest.roomSortedByUserCount).indexOf(kr)).toBeLessThan(
      uuids(latest.roomSortedByUserCount).indexOf(eu),
    ); // 1 of 2 open vs 5 of 6
    const main = await connect('/room-list/filtered', c!.accessToken);
    main.subscribe(LIST);
    const [top] = await main.waitFor(LIST, (s) => s.length >= 1);
    expect(top.observerCurrent[0].maxCount).toBe(1);
  }, 20_000);
});

describe('native event stream', () => {
  it('replays from from-seq, then goes live without gaps or repeats; replies queue answers', async () => {
    const [pro, con, viewer] = await members(server, 3, '네이티브');
    const roomId = await createRoom(server, pro!.accessToken, { resultEnabled: true });
    const stream = `/topic/rooms/${roomId}/events`;
    const replies = '/user/queue/replies';
    const p = await connect('/ws', pro!.accessToken);
    p.subscribe(replies);
    p.send(`/app/rooms/${roomId}/join`, { side: 'PRO' });
    await p.waitFor(replies, (r) => r.length === 1);
    p.send(`/app/rooms/${roomId}/speak`, { text: '너무 이른 발언' });
    const [, early] = await p.waitFor(replies, (r) => r.length === 2);
    expect(early).toMatchObject({ ok: false, code: 'WRONG_PHASE', command: 'speak' });

    const v1 = await connect('/ws', viewer!.accessToken);
    v1.subscribe(stream);
    v1.subscribe(replies);
    await v1.waitFor(stream, (e) => e.length === 2); // RoomOpened, DebaterJoined
    v1.send(`/app/rooms/${roomId}/observe`, {});
    await v1.waitFor(replies, (r) => r.length === 1 && r[0].ok === true);
    const c = await connect('/ws', con!.accessToken);
    c.subscribe(replies);
    c.send(`/app/rooms/${roomId}/join`, { side: 'CON' });
    await v1.waitFor(stream, (e) => e.some((x) => x.type === 'TurnStarted'));
    p.send(`/app/rooms/${roomId}/speak`, { text: '찬성 발언' });
    c.send(`/app/rooms/${roomId}/speak`, { text: '차례가 아님' });
    const refusal = (await c.waitFor(replies, (r) => r.length === 2))[1];
    expect(refusal).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN', message: '발언 시간이 아닙니다.' });

    // A second viewer resumes from seq 3 and must end up with exactly the same events 3..n.
    const v2 = await connect('/ws', viewer!.accessToken);
    v2.subscribe(stream, { 'from-seq': '3' });
    await v1.waitFor(stream, (e) => e.some((x) => x.type === 'VotingOpened'), 15_000);
    v1.send(`/app/rooms/${roomId}/vote`, { choice: 'CON' });
    p.send(`/app/rooms/${roomId}/vote`, { choice: 'PRO' });
    await v1.waitFor(stream, (e) => e.some((x) => x.type === 'VotingClosed'), 15_000);
    const all = v1.on(stream);
    const seqs = all.map((e) => e.seq);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    await until(() => v2.on(stream).length === all.length - 2);
    expect(v2.on(stream).filter((e) => e.type === 'ObserverJoined')).toHaveLength(1);
    expect(v2.on(stream).map((e) => e.seq)).toEqual(seqs.slice(2));
    // Ballots are secret: the viewer sees its own choice, not the debater's.
    const ballots = all.filter((e) => e.type === 'Voted');
    expect(ballots.find((b) => b.userId === viewer!.userId)?.choice).toBe('CON');
    expect(ballots.find((b) => b.userId === pro!.userId)?.choice).toBeNull();
    expect(all.at(-1)).toMatchObject({
      type: 'VotingClosed',
      outcome: 'DRAW',
      tally: { agreeNumber: 1, disagreeNumber: 1, neutralNumber: 0 },
    });
    expect(v1.on(replies).map((r) => `${r.command}:${r.ok}`)).toEqual(['observe:true', 'vote:true']);

    // The replay log of the closed room over REST, redacted for the caller.
    const log = await server.call('GET', `/api/debates/${roomId}/events`, { token: pro!.accessToken });
    expect(log.status).toBe(200);
    const events = log.body.data as any[];
    expect(events.map((e) => e.seq)).toEqual(seqs);
    expect(events.find((e) => e.type === 'Voted' && e.userId === pro!.userId).choice).toBe('PRO');
    expect(events.find((e) => e.type === 'Voted' && e.userId === viewer!.userId).choice).toBeNull();
    // Read again (the ended room's log is now kept): still redacted for each caller on its own.
    const again = (await server.call('GET', `/api/debates/${roomId}/events`, { token: viewer!.accessToken })).body
      .data as any[];
    expect(again.map((e) => e.seq)).toEqual(seqs);
    expect(again.find((e) => e.type === 'Voted' && e.userId === pro!.userId).choice).toBeNull();
    expect(again.find((e) => e.type === 'Voted' && e.userId === viewer!.userId).choice).toBe('CON');
  }, 40_000);
});
