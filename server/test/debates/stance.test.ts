import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { expectCardPng, fakeWebDist, tagsOf } from '../sharing/support.js';
import { createRoom, Live, members, startDebateServer } from './support.js';

let server: TestServer;
const web = fakeWebDist();
const clients: Live[] = [];
const replies = '/user/queue/replies';

beforeAll(async () => {
  // Turns of 1.5 s, so a viewer's change lands inside the turn it was sent in; a small stance limit;
  // a web shell, so the finished room's shared link has its card.
  server = await startDebateServer({ DEBATE_TIME_SCALE: '0.05', RATE_LIMIT_STANCE: '4/1m', WEB_DIST: web.dir });
});
afterAll(async () => {
  for (const c of clients) await c.client.deactivate({ force: true }).catch(() => {});
  await server.stop();
  web.remove();
});

/** A native connection that hears its replies, the room's event stream and its stance topic. */
async function viewer(token: string, roomId: string): Promise<Live> {
  const live = await Live.connect(server, '/ws', token);
  clients.push(live);
  live.subscribe(replies);
  live.subscribe(`/topic/rooms/${roomId}/events`);
  live.subscribe(`/topic/rooms/${roomId}/stance`);
  return live;
}

/** Sends a command and waits for its own reply (the n-th reply of this connection). */
async function command(live: Live, roomId: string, name: string, body: unknown): Promise<any> {
  const before = live.on(replies).length;
  live.send(`/app/rooms/${roomId}/${name}`, body);
  return (await live.waitFor(replies, (r) => r.length > before)).at(-1);
}

describe('stances in a live room', () => {
  it('viewers declare and change stances; boards show counts only from 3 on; the log measures the swing', async () => {
    const [pro, con, a, b, c, d] = await members(server, 6, '입장');
    const roomId = await createRoom(server, pro!.accessToken, { resultEnabled: true });
    const stanceTopic = `/topic/rooms/${roomId}/stance`;
    const stream = `/topic/rooms/${roomId}/events`;
    const p = await viewer(pro!.accessToken, roomId);
    expect(await command(p, roomId, 'join', { side: 'PRO' })).toMatchObject({ ok: true });
    const [first] = await p.waitFor(stanceTopic, (s) => s.length === 1);
    expect(first).toEqual({ roomId, shares: null, open: true });

    // A legacy observer (the contract's client) hears nothing of stances on its topic.
    const legacyTopic = `/topic/observer/${roomId}`;
    const legacy = await Live.connect(server, `/observer/${roomId}`, d!.accessToken);
    clients.push(legacy);
    legacy.subscribe(legacyTopic);
    const viewers = await Promise.all([a, b, c, d].map((m) => viewer(m!.accessToken, roomId)));
    const [va, vb, vc, vd] = viewers as [Live, Live, Live, Live];
    // Only someone watching may declare.
    expect(await command(va, roomId, 'stance', { stance: 'PRO' })).toMatchObject({
      ok: false,
      code: 'NOT_AN_OBSERVER',
    });
    for (const v of viewers) expect(await command(v, roomId, 'observe', {})).toMatchObject({ ok: true });
    // A debater never declares.
    expect(await command(p, roomId, 'stance', { stance: 'PRO' })).toMatchObject({
      ok: false,
      code: 'STANCE_NOT_FOR_DEBATERS',
      message: expect.stringMatching(/[가-힣]/),
    });

    // Two declared: the board has no shares yet.
    await command(va, roomId, 'stance', { stance: 'PRO' });
    await command(vb, roomId, 'stance', { stance: 'CON' });
    await va.waitFor(stanceTopic, (s) => s.length >= 1);
    expect(va.on(stanceTopic).every((board) => board.shares === null)).toBe(true);
    // The third declaration shows the shares to viewers and debaters alike (coalesced, once changed).
    await command(vc, roomId, 'stance', { stance: 'UNDECIDED' });
    const three = { declared: 3, PRO: 1, CON: 1, UNDECIDED: 1 };
    await va.waitFor(stanceTopic, (s) => s.at(-1)?.shares?.declared === 3);
    await p.waitFor(stanceTopic, (s) => s.at(-1)?.shares?.declared === 3);
    expect(p.on(stanceTopic).at(-1)).toEqual({ roomId, shares: three, open: true });

    // The rate limit: a fifth change within the minute is refused with a Korean message.
    for (const stance of ['PRO', 'CON', 'PRO', 'UNDECIDED']) {
      expect(await command(vd, roomId, 'stance', { stance })).toMatchObject({ ok: true });
    }
    expect(await command(vd, roomId, 'stance', { stance: 'CON' })).toMatchObject({
      ok: false,
      code: 'STANCE_RATE_LIMITED',
      message: expect.stringMatching(/[가-힣]/),
    });
    await va.waitFor(stanceTopic, (s) => s.at(-1)?.shares?.declared === 4);

    // The debate starts; in the first turn two viewers move towards PRO.
    const q = await viewer(con!.accessToken, roomId);
    expect(await command(q, roomId, 'join', { side: 'CON' })).toMatchObject({ ok: true });
    await va.waitFor(stream, (e) => e.some((x) => x.type === 'TurnStarted' && x.index === 0));
    await command(p, roomId, 'speak', { text: '기본소득은 꼭 필요합니다' });
    await command(vb, roomId, 'stance', { stance: 'PRO' });
    await command(vc, roomId, 'stance', { stance: 'PRO' });
    await va.waitFor(stanceTopic, (s) => s.at(-1)?.shares?.PRO === 3, 5_000);

    expect(await command(va, roomId, 'observer-chat', { text: '설득력 있네요' })).toMatchObject({ ok: true });

    // Once the vote opens, stances are locked and the board says so.
    await va.waitFor(stream, (e) => e.some((x) => x.type === 'VotingOpened'), 20_000);
    expect(await command(va, roomId, 'stance', { stance: 'CON' })).toMatchObject({ ok: false, code: 'STANCE_LOCKED' });
    await va.waitFor(stanceTopic, (s) => s.at(-1)?.open === false);
    await va.waitFor(stream, (e) => e.some((x) => x.type === 'VotingClosed'), 20_000);

    // The legacy topic carried the debate as before and no stance at all.
    expect(legacy.on(legacyTopic).map((m) => m.message)).toContain('설득력 있네요');
    expect(JSON.stringify(legacy.on(legacyTopic))).not.toMatch(/stance|UNDECIDED/i);

    // Nobody ever learns another viewer's stance: not on the stream, not on a board.
    for (const [live, member] of [
      [va, a],
      [vb, b],
      [p, pro],
    ] as const) {
      for (const e of live.on(stream).filter((x) => x.type === 'StanceDeclared')) {
        if (e.userId !== null) expect(e.userId).toBe(member!.userId);
        if (e.userId === null) expect(e.stance).toBeNull();
      }
    }
    for (const board of [...va.on(stanceTopic), ...p.on(stanceTopic)]) {
      expect(Object.keys(board).sort()).toEqual(['open', 'roomId', 'shares']);
    }

    // The persuasion of the finished debate, as counts, and each debater's 설득력.
    const measured = await server.call('GET', `/api/debates/${roomId}/persuasion`, { token: a!.accessToken });
    expect(measured.status).toBe(200);
    const before = { declared: 4, PRO: 1, CON: 1, UNDECIDED: 2 };
    const after = { declared: 4, PRO: 3, CON: 0, UNDECIDED: 1 };
    expect(measured.body.data).toMatchObject({
      atFirstSpeech: before,
      atVote: after,
      swing: { PRO: 50, CON: -25, mover: 'PRO' },
      mostMoved: {
        turnIndex: 0,
        side: 'PRO',
        speakers: [{ userId: pro!.userId, nickname: pro!.nickname }],
        moved: 2,
        toward: { PRO: 2, CON: 0, UNDECIDED: 0 },
      },
    });
    expect(JSON.stringify(measured.body.data)).not.toContain(`"userId":${a!.userId}`);
    const proPersuasion = await server.call('GET', `/api/persuasion/users/${pro!.userId}`, { token: a!.accessToken });
    expect(proPersuasion.body.data).toEqual({ userId: pro!.userId, persuasion: { averageSwing: 50, debates: 1 } });
    const conPersuasion = await server.call('GET', `/api/persuasion/users/${con!.userId}`, { token: a!.accessToken });
    expect((conPersuasion.body.data as any).persuasion).toEqual({ averageSwing: -25, debates: 1 });
    const viewerPersuasion = await server.call('GET', `/api/persuasion/users/${a!.userId}`, { token: a!.accessToken });
    expect((viewerPersuasion.body.data as any).persuasion).toBeNull();

    // The shared link's card says who moved the room, in counts only, and shows it on its picture.
    const shared = await fetch(`${server.url}/archived-room/${roomId}`);
    const tags = tagsOf(await shared.text());
    expect(tags['og:description']).toMatch(/ · 청중을 움직인 쪽 찬성 \+50%p · /);
    for (const m of [a, b, c, d]) expect(tags['og:description']).not.toContain(m!.nickname);
    await expectCardPng(new Uint8Array(await (await fetch(tags['og:image']!)).arrayBuffer()));
  }, 60_000);

  it('refuses persuasion of a live room and of nobody, and the ranking accepts its persuasion order', async () => {
    const [owner] = await members(server, 1, '설득');
    const roomId = await createRoom(server, owner!.accessToken);
    const live = await server.call('GET', `/api/debates/${roomId}/persuasion`, { token: owner!.accessToken });
    expect(live.status).toBe(409);
    expect(live.body).toMatchObject({ status: '오류', code: 'ROOM_NOT_FINISHED' });
    const nobody = await server.call('GET', '/api/persuasion/users/999999', { token: owner!.accessToken });
    expect(nobody.status).toBe(404);
    const ranking = await server.call('GET', '/api/users/followers?order=persuasion', { token: owner!.accessToken });
    expect(ranking.status).toBe(200);
    const wrong = await server.call('GET', '/api/users/followers?order=loudest', { token: owner!.accessToken });
    expect(wrong.status).toBe(400);
  });
});
