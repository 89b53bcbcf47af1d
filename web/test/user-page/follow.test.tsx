import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ReportDialog } from '../../src/features/reports/ReportDialog';
import { UserPage } from '../../src/features/user-page/UserPage';
import { clearAuth, setTokens } from '../../src/lib/auth-store';
import { createQueryClient, queryKeys, type QueryClient } from '../../src/lib/server-data';
import { clearUser, setUser } from '../../src/lib/user-store';
import { fakeApi, lines, type SeenRequest } from '../support/fake-api';
import { freshCache } from '../support/fresh-cache';

// Following on the real user page over a fake API at the network edge: the follower count comes
// from the target's followers, read again after the change; nothing unrelated is loaded again.
const ME = 1;
const person = (id: number) => ({ nickname: `사용자${id}`, profile: null, introduction: null });
let followers: Map<number, number[]>;
let followees: Map<number, number[]>;
let seen: SeenRequest[];

function route({ method, path }: SeenRequest): unknown {
  const rating = path.match(/^\/api\/ratings\/users\/(\d+)$/);
  if (rating) {
    return {
      userId: Number(rating[1]),
      rating: 1500,
      ratingDeviation: 350,
      provisional: true,
      ratedDebates: 0,
      history: [],
    };
  }
  const profile = path.match(/^\/api\/users\/(\d+)$/);
  if (profile)
    return { id: Number(profile[1]), nickname: `사용자${profile[1]}`, winNumber: 1, drawNumber: 0, defeatNumber: 2 };
  const list = path.match(/^\/api\/users\/mypage\/(\d+)\/(followers|followees)$/);
  if (list) {
    const id = Number(list[1]);
    return list[2] === 'followers'
      ? (followers.get(id) ?? []).map((followerId) => ({ followerId, ...person(followerId) }))
      : (followees.get(id) ?? []).map((followeeId) => ({ followeeId, ...person(followeeId) }));
  }
  const change = path.match(/^\/api\/users\/mypage\/(\d+)\/(\d+)\/(insertfollowers|deletefollowers)$/);
  if (change) {
    const [target, me] = [Number(change[1]), Number(change[2])];
    const follow = method === 'POST';
    const edit = (map: Map<number, number[]>, key: number, id: number) =>
      map.set(key, follow ? [...(map.get(key) ?? []), id] : (map.get(key) ?? []).filter((x) => x !== id));
    edit(followers, target, me);
    edit(followees, me, target);
    return null;
  }
  return [];
}

beforeEach(() => {
  followers = new Map();
  followees = new Map();
  seen = fakeApi(route);
  setTokens('access', 'refresh');
  setUser({ userId: ME, nickname: '사용자1', role: 'ROLE_MEMBER' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearAuth();
  clearUser();
});

/** A cache holding what other screens loaded earlier. */
function seeded(): QueryClient {
  const client = createQueryClient();
  client.setQueryData(queryKeys.users.followees(ME), []);
  client.setQueryData(queryKeys.users.followers(2), []);
  client.setQueryData(queryKeys.users.followers(3), []);
  client.setQueryData(queryKeys.users.profile(ME), { id: ME });
  client.setQueryData(queryKeys.users.profile(3), { id: 3 });
  client.setQueryData(queryKeys.ranking.search(''), []);
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

function showUser(userId: number, client: QueryClient) {
  render(
    <Router hook={memoryLocation({ path: `/user-page/${userId}` }).hook}>
      <Route path="/user-page/:userId">
        <UserPage ReportDialog={ReportDialog} />
      </Route>
    </Router>,
    { wrapper: freshCache(client) },
  );
}
const count = (label: '팔로워' | '팔로잉') =>
  within(screen.getByRole('region', { name: /사용자/ })).getByText(label).nextElementSibling?.textContent;

describe('follow', () => {
  it('a follow refreshes the target’s follower count, marks my followees and the ranking stale, no more', async () => {
    const client = seeded();
    client.removeQueries({ queryKey: queryKeys.users.followers(2) });
    showUser(2, client);
    await waitFor(() => expect(count('팔로워')).toBe('0'));
    const loads = lines(seen);
    // The page's own loads: profile, rating and persuasion cards, follow lists and the news tab's saved list.
    expect(loads.sort()).toEqual([
      'GET /api/persuasion/users/2',
      'GET /api/ratings/users/2',
      'GET /api/users/2',
      'GET /api/users/mypage/2/bookmarks',
      'GET /api/users/mypage/2/followees',
      'GET /api/users/mypage/2/followers',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '팔로우' }));
    await waitFor(() => expect(count('팔로워')).toBe('1'));
    expect(screen.getByRole('button', { name: '팔로우 취소' }).getAttribute('aria-pressed')).toBe('true');
    expect(lines(seen).slice(loads.length)).toEqual([
      'POST /api/users/mypage/2/1/insertfollowers',
      'GET /api/users/mypage/2/followers',
    ]);
    expect(stale(client, queryKeys.users.followees(ME))).toBe(true);
    expect(stale(client, queryKeys.ranking.search(''))).toBe(true);
    expect(stale(client, queryKeys.users.followees(2))).toBe(false);
    expect(stale(client, queryKeys.users.profile(2))).toBe(false);
    expect(stale(client, queryKeys.users.followers(3))).toBe(false);
    expect(stale(client, queryKeys.users.profile(ME))).toBe(false);
  });

  it('deleting someone from my following list reloads that list and marks their followers stale', async () => {
    followees.set(ME, [2]);
    followers.set(2, [ME]);
    const client = seeded();
    client.removeQueries({ queryKey: queryKeys.users.followees(ME) });
    client.removeQueries({ queryKey: queryKeys.users.profile(ME) });
    showUser(ME, client);
    fireEvent.click(await screen.findByRole('tab', { name: '팔로우' }));
    fireEvent.click(screen.getByRole('button', { name: /^팔로잉/ }));
    fireEvent.click(await screen.findByRole('button', { name: '사용자2님을 팔로잉에서 삭제' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '삭제' }));
    await screen.findByText('팔로우 내역이 없습니다');
    expect(count('팔로잉')).toBe('0');
    expect(lines(seen).filter((line) => !line.startsWith('GET'))).toEqual([
      'DELETE /api/users/mypage/2/1/deletefollowers',
    ]);
    expect(lines(seen).filter((line) => line === 'GET /api/users/mypage/1/followees')).toHaveLength(2);
    expect(lines(seen).filter((line) => line === 'GET /api/users/1')).toHaveLength(1);
    expect(stale(client, queryKeys.users.followers(2))).toBe(true);
    expect(stale(client, queryKeys.ranking.search(''))).toBe(true);
    expect(stale(client, queryKeys.users.followers(3))).toBe(false);
  });
});
