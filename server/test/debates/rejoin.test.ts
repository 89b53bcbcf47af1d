/**
 * A debater who reloads mid-room, over the legacy endpoints as a client written for the wire
 * contract uses them: the page's socket dies, a new one CONNECTs to `/debate/{roomId}` (with the
 * `position` it remembers, or none: a creator's stance lives only in the page) and SUBSCRIBEs again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestServer } from '../support/server.js';
import { createRoom, Live, members, shape, sleep, startDebateServer } from './support.js';

let server: TestServer;
const clients: Live[] = [];

const STARTS = 'NOTIFICATION:잠시 후 토론이 시작됩니다... ';
const DEBATE = 'STATUS:DEBATE:토론이 시작되었습니다.';
const VOTE_SOON = 'NOTIFICATION:잠시 후 투표가 시작됩니다.';
const VOTING = 'STATUS:VOTING:투표가 시작되었습니다.';

/** A debater's page: connects to the room's debate endpoint and subscribes to its topic. */
async function page(roomId: string, user: Session, position?: 'pro' | 'con'): Promise<Live> {
  const headers: Record<string, string> = { userName: user.nickname, roomId };
  if (position) headers.position = position;
  const live = await Live.connect(server, `/debate/${roomId}`, user.accessToken, headers);
  clients.push(live);
  live.subscribe(`/topic/debate/${roomId}`);
  return live;
}
const has = (bodies: any[], text: string) => bodies.map(shape).includes(text);
const count = (live: Live, topic: string, text: string) =>
  live
    .on(topic)
    .map(shape)
    .filter((s) => s === text).length;

beforeAll(async () => {
  // 30 s turns last 1.5 s and the vote 1.5 s: time enough to reload inside each phase.
  server = await startDebateServer({ DEBATE_TIME_SCALE: '0.05', DEBATE_RECONNECT_GRACE_SECONDS: '50' });
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
});

describe('rejoining a room past waiting on the legacy channel', () => {
  it('a reloaded debater alone gets the current STATUS and TURN, or the vote screen in the vote', async () => {
    const [pro, con] = await members(server, 2, '재접속');
    const roomId = await createRoom(server, pro!.accessToken);
    const topic = `/topic/debate/${roomId}`;
    const first = await page(roomId, pro!, 'pro');
    await first.waitFor(topic, (bs) => bs.some((b) => b.userName === pro!.nickname));
    const opponent = await page(roomId, con!, 'con');
    await opponent.waitFor(topic, (bs) => has(bs, DEBATE));
    // Into the second turn, so the current TURN is not the one STATUS DEBATE implies.
    await opponent.waitFor(topic, (bs) => has(bs, 'TURN:CON'));

    first.drop();
    const reloaded = await page(roomId, pro!, 'pro');
    const resumed = await reloaded.waitFor(topic, (bs) => bs.some((b) => b.event === 'TURN'));
    const current = opponent
      .on(topic)
      .filter((b) => b.event === 'TURN')
      .at(-1);
    expect(resumed.map(shape)).toEqual([`user_joined:${pro!.nickname}`, STARTS, DEBATE, `TURN:${current.turn}`]);
    expect(resumed.at(-1)).toEqual({
      event: 'TURN',
      turn: current.turn,
      message: current.turn === 'PRO' ? "'찬성'팀 발언이 시작되었습니다." : "'반대'팀 발언이 시작되었습니다.",
    });
    // The seat is kept and the others only heard the rejoin.
    const info = (await server.call('GET', `/api/debates/${roomId}`, { token: con!.accessToken })).body.data as any;
    expect(info.proUsers.map((u: any) => u.id)).toEqual([pro!.userId]);
    expect(count(opponent, topic, DEBATE)).toBe(1);
    expect(count(opponent, topic, STARTS)).toBe(1);

    // The resumed page speaks in its turn like any debater.
    await reloaded.waitFor(topic, (bs) => bs.filter((b) => b.event === 'TURN').at(-1)?.turn === 'PRO', 5_000);
    reloaded.send(`/app/debate/${roomId}`, { message: '다시 들어왔습니다' });
    await opponent.waitFor(topic, (bs) => has(bs, `MESSAGE:${pro!.nickname}:pro:다시 들어왔습니다`));

    await opponent.waitFor(topic, (bs) => has(bs, VOTING), 20_000);
    opponent.drop();
    const voter = await page(roomId, con!, 'con');
    const told = await voter.waitFor(topic, (bs) => has(bs, VOTING));
    expect(told.map(shape)).toEqual([`user_joined:${con!.nickname}`, VOTE_SOON, VOTING]);
    expect(count(reloaded, topic, VOTING)).toBe(1);
    const vote = await server.call('PUT', `/api/debates/vote/${roomId}`, {
      token: con!.accessToken,
      json: { vote: 'CON', userId: con!.userId },
    });
    expect(vote.status).toBe(200);
    await voter.waitFor(topic, (bs) => bs.some((b) => b.event === 'STATUS' && b.status === 'CLOSED'), 10_000);
  }, 60_000);

  it('a creator reloading without a position header sits on their side; one without a seat is inert', async () => {
    const [creator, joiner, bystander] = await members(server, 3, '개설자');
    const roomId = await createRoom(server, creator!.accessToken);
    const topic = `/topic/debate/${roomId}`;
    const waitroom = async () =>
      (await server.call('GET', `/api/debates/waitroom/${roomId}`, { token: joiner!.accessToken })).body.data as any;

    const first = await page(roomId, creator!, 'con');
    await first.waitFor(topic, (bs) => bs.some((b) => b.userName === creator!.nickname));
    first.drop();
    // The reloaded page lost the stance: no position header at all.
    const reloaded = await page(roomId, creator!);
    await reloaded.waitFor(topic, (bs) => has(bs, `user_joined:${creator!.nickname}`));
    expect((await waitroom()).conUsers.map((u: any) => u.id)).toEqual([creator!.userId]);

    // Someone without a seat and without a position is inert: no seat, no error.
    const idle = await page(roomId, bystander!);
    await sleep(300);
    const info = await waitroom();
    expect([...info.proUsers, ...info.conUsers].map((u: any) => u.id)).toEqual([creator!.userId]);

    // The creator's seat is real: the other side fills and the debate starts; the creator speaks as CON.
    const other = await page(roomId, joiner!, 'pro');
    await reloaded.waitFor(topic, (bs) => has(bs, DEBATE));
    expect(idle.on(topic).some((b) => b.event === 'error')).toBe(false);
    await reloaded.waitFor(topic, (bs) => has(bs, 'TURN:CON'), 5_000);
    reloaded.send(`/app/debate/${roomId}`, { message: '반대합니다' });
    await other.waitFor(topic, (bs) => has(bs, `MESSAGE:${creator!.nickname}:con:반대합니다`));

    // Reloading once more mid-debate without a position: seated again and resumed.
    reloaded.drop();
    const again = await page(roomId, creator!);
    const resumed = await again.waitFor(topic, (bs) => bs.some((b) => b.event === 'TURN'));
    expect(resumed.map(shape).slice(0, 3)).toEqual([`user_joined:${creator!.nickname}`, STARTS, DEBATE]);
  }, 60_000);
});
