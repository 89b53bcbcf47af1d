import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeRatings } from '../../src/ranking/recompute.js';
import { PROVISIONAL_DEVIATION } from '@toron/engine';
import type { Session, TestServer } from '../support/server.js';
import { members, startDebateServer } from '../debates/support.js';
import { Arena } from './support.js';

let server: TestServer;
let arena: Arena;
let regular: Session[]; // four members who play each other three times: ranked, strongest first
let newcomers: Session[]; // one debate each: provisional
let team: Session[]; // two sides of three
let voter: Session;
const rooms: Record<string, string> = {};

const get = async (path: string, token: string) => {
  const res = await server.call('GET', path, { token });
  expect(res.status, path).toBe(200);
  return res.body.data as any;
};

beforeAll(async () => {
  // Twelve rooms from the same creator in a few seconds: lift the room creation limit.
  server = await startDebateServer({ SEED_DEMO: 'false', RATE_LIMIT_ROOM_CREATION: '1000/1m' });
  arena = new Arena(server);
  regular = await members(server, 4, '랭킹정규');
  newcomers = await members(server, 2, '랭킹신입');
  team = await members(server, 6, '랭킹팀');
  voter = (await members(server, 1, '랭킹투표'))[0]!;
  // Three rounds of every pairing; in the middle round the weaker of each pair wins, except
  // against the first: nine debates each, mixed results, enough to establish all four.
  const pairs = [
    [0, 1],
    [2, 3],
    [0, 2],
    [1, 3],
    [0, 3],
    [1, 2],
  ] as const;
  for (let round = 0; round < 3; round++) {
    for (const [a, b] of pairs) {
      const upset = round === 1 && !(a === 0 && b === 3);
      await arena.walkover([regular[upset ? b : a]!], [regular[upset ? a : b]!]);
    }
  }
  rooms.newcomers = await arena.walkover([newcomers[0]!], [newcomers[1]!]);
  rooms.team = await arena.walkover(team.slice(0, 3), team.slice(3), 2);
  rooms.voted = await arena.voted(newcomers[1]!, newcomers[0]!, voter, 'PRO');
}, 180_000);
afterAll(async () => {
  await arena.close();
  await server.stop();
});

describe('ratings over REST', () => {
  it('ranks only established members, best rating first, with the rating beside the record', async () => {
    const list = (await get('/api/users/followers', voter.accessToken)) as any[];
    expect(list.map((x) => x.userId)).toEqual(regular.map((s) => s.userId));
    // Members without a picture carry the served default avatar.
    expect(list.map((x) => x.profile)).toEqual(regular.map(() => `${server.url}/avatars/default.svg`));
    expect(list.map((x) => [x.wins, x.draws, x.losses])).toEqual([
      [7, 0, 2],
      [5, 0, 4],
      [4, 0, 5],
      [2, 0, 7],
    ]);
    expect(list[0].rating).toBeGreaterThan(list[1].rating);
    expect(list[3].rating).toBeLessThan(1500);
    for (const entry of list) expect(entry.ratingDeviation).toBeLessThan(PROVISIONAL_DEVIATION);
    // The wire contract's fields all stay; the rating fields are added.
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'draws',
        'introduction',
        'losses',
        'nickname',
        'persuasion',
        'profile',
        'rating',
        'ratingDeviation',
        'totalFollowees',
        'totalFollowers',
        'userId',
        'wins',
      ].sort(),
    );
    const search = (await get(
      `/api/users/followers?query=${encodeURIComponent('랭킹정규')}`,
      voter.accessToken,
    )) as any[];
    expect(search).toHaveLength(4);
    // A provisional member is not on the ranking, even when searched for by name.
    expect(await get(`/api/users/followers?query=${encodeURIComponent('랭킹신입')}`, voter.accessToken)).toEqual([]);
  });

  it('orders by 설득력 when asked: measured members only, highest average swing first, each with its figure', async () => {
    // Swings as the room transactions store them when measured debates end (see test/debates/stance.test.ts).
    const [first, second, third] = regular as [Session, Session, Session];
    await server.deps.storage.transaction(async (tx) => {
      await tx.swings.record('swing-room-1', 1, [
        { userId: third.userId, side: 'PRO', swing: 30 },
        { userId: first.userId, side: 'CON', swing: -10 },
      ]);
      await tx.swings.record('swing-room-2', 2, [
        { userId: third.userId, side: 'CON', swing: 5 },
        { userId: second.userId, side: 'PRO', swing: 12 },
      ]);
    });
    const list = (await get('/api/users/followers?order=persuasion', voter.accessToken)) as any[];
    expect(list.map((x) => [x.userId, x.persuasion])).toEqual([
      [third.userId, { averageSwing: 17.5, debates: 2 }],
      [second.userId, { averageSwing: 12, debates: 1 }],
      [first.userId, { averageSwing: -10, debates: 1 }],
    ]);
    // The rating order carries the same figures, and null for a member never measured.
    const byRating = (await get('/api/users/followers', voter.accessToken)) as any[];
    expect(byRating.map((x) => x.persuasion)).toEqual([
      { averageSwing: -10, debates: 1 },
      { averageSwing: 12, debates: 1 },
      { averageSwing: 17.5, debates: 2 },
      null,
    ]);
    const searched = (await get(
      `/api/users/followers?order=persuasion&query=${encodeURIComponent(second.nickname)}`,
      voter.accessToken,
    )) as any[];
    expect(searched.map((x) => x.userId)).toEqual([second.userId]);
    const own = await get(`/api/persuasion/users/${third.userId}`, voter.accessToken);
    expect(own).toEqual({ userId: third.userId, persuasion: { averageSwing: 17.5, debates: 2 } });
  });

  it('shows a provisional rating with its history on the member’s own rating page', async () => {
    const [winner] = newcomers as [Session, Session];
    const rating = await get(`/api/ratings/users/${winner.userId}`, voter.accessToken);
    expect(rating).toMatchObject({ userId: winner.userId, provisional: true, ratedDebates: 2 });
    expect(rating.ratingDeviation).toBeGreaterThanOrEqual(PROVISIONAL_DEVIATION);
    expect(rating.history.map((p: any) => [p.roomId, p.outcome])).toEqual([
      [rooms.newcomers, 'WIN'],
      [rooms.voted, 'LOSS'],
    ]);
    expect(rating.history[0].change).toBeGreaterThan(0);
    expect(rating.history[1].change).toBeLessThan(0);
    expect(rating.history[1].rating).toBe(rating.rating);
    expect(rating.history[0].title).toBe('기본소득 도입');
    expect(new Date(rating.history[0].ratedAt).getTime()).toBeGreaterThan(0);
    const never = await get(`/api/ratings/users/${voter.userId}`, voter.accessToken);
    expect(never).toMatchObject({
      rating: 1500,
      ratingDeviation: 350,
      provisional: true,
      ratedDebates: 0,
      history: [],
    });
    const missing = await server.call('GET', '/api/ratings/users/999999', { token: voter.accessToken });
    expect([missing.status, missing.body.code]).toEqual([404, 'USER_NOT_FOUND']);
  });

  it('tells each debater of a debate what it did to their rating, also in their debate list', async () => {
    const changes = (await get(`/api/ratings/rooms/${rooms.newcomers}`, voter.accessToken)) as any[];
    const [winner, loser] = newcomers as [Session, Session];
    const of = (id: number) => changes.find((c) => c.userId === id);
    expect(of(winner.userId)).toMatchObject({ side: 'PRO', outcome: 'WIN', ratingBefore: 1500, provisional: true });
    expect(of(loser.userId)).toMatchObject({ side: 'CON', outcome: 'LOSS', ratingBefore: 1500 });
    // Two newcomers: what one gains the other loses.
    expect(of(winner.userId).change).toBe(-of(loser.userId).change);
    expect(of(winner.userId).rating).toBe(1500 + of(winner.userId).change);
    const teamChanges = (await get(`/api/ratings/rooms/${rooms.team}`, voter.accessToken)) as any[];
    expect(teamChanges).toHaveLength(6);
    for (const c of teamChanges) expect(c.change).toBe(c.side === 'PRO' ? 162 : -162);
    const list = (await get(`/api/users/mypage/${winner.userId}/debates`, winner.accessToken)) as any[];
    expect(list.find((d) => d.debateId === rooms.newcomers).ratingChange).toBe(of(winner.userId).change);
    const watched = (await get(`/api/users/mypage/${voter.userId}/debates`, voter.accessToken)) as any[];
    expect(watched.find((d) => d.debateId === rooms.voted)).toMatchObject({
      isParticipant: false,
      ratingChange: null,
      position: 'NO_POSITION',
      result: null,
      outcome: { ending: 'VOTE', winner: 'PRO', tally: { agreeNumber: 1, disagreeNumber: 0, neutralNumber: 0 } },
    });
    // The voted room's CON debater lost it by the vote.
    expect(list.find((d) => d.debateId === rooms.voted)).toMatchObject({ position: 'CON', result: 'LOSS' });
    const missing = await server.call('GET', '/api/ratings/rooms/6a1f0c3e-8d2b-4f5a-9c71-000000000000', {
      token: voter.accessToken,
    });
    expect(missing.status).toBe(404);
  });

  it('recomputes from the logs exactly the ratings it stored while the debates were played', async () => {
    const report = await recomputeRatings(server.deps.storage, Date.now(), false);
    expect(report).toEqual({ debates: 21, members: 12, differing: 0 });
  });
});
