import { describe, expect, it } from 'vitest';
import { pickRows, snapshotSchema } from '../../src/features/debate-rooms/live-rooms';
import {
  finishedParams,
  initialQuery,
  liveListPath,
  resetFilters,
  setFilter,
  setSearch,
  setSort,
  sortTabs,
  switchMode,
} from '../../src/features/debate-rooms/room-query';
import { durationText, isSideFull, memberText, roomRowSchema } from '../../src/features/debate-rooms/room-row';

const info = (uuid: string, extra: Record<string, unknown> = {}) => ({
  uuid,
  title: `방 ${uuid}`,
  description: '설명',
  categoryType: 'EC',
  continentType: 'KR',
  memberNumberType: 1,
  timeType: 40,
  speakCountType: 4,
  proUsers: [{ id: 1 }],
  conUsers: [],
  ...extra,
});

describe('room list query', () => {
  it('switching between 참여가능 and 종료 clears every filter, the search and the page', () => {
    let q = setFilter(initialQuery, 'continent', 'KR');
    q = setFilter(q, 'member', 'T2');
    q = setSort(q, 'imminent');
    q = switchMode(q, 'finished');
    expect(q).toEqual({ ...initialQuery, mode: 'finished' });
    q = setSearch(setFilter(q, 'category', 'IT'), '기본소득');
    expect(switchMode(q, 'joinable')).toEqual(initialQuery);
    expect(switchMode(q, 'finished')).toBe(q);
  });

  it('a filter, reset or search starts again from page 1; null clears a filter', () => {
    const paged = { ...switchMode(initialQuery, 'finished'), page: 3 };
    expect(setFilter(paged, 'category', 'PO')).toMatchObject({ page: 1, filters: { category: 'PO' } });
    expect(setFilter(setFilter(paged, 'category', 'PO'), 'category', null).filters.category).toBeNull();
    expect(resetFilters({ ...setFilter(paged, 'continent', 'EU'), page: 2 })).toMatchObject({
      page: 1,
      filters: { continent: null, category: null, member: null },
    });
    expect(setSearch(paged, 'AI').page).toBe(1);
  });

  it('offers 최신순, 임박순, 인기순 when joinable and no 임박순 when finished', () => {
    expect(sortTabs('joinable').map((t) => t.label)).toEqual(['최신순', '임박순', '인기순']);
    expect(sortTabs('finished').map((t) => t.label)).toEqual(['최신순', '인기순']);
    const finished = switchMode(initialQuery, 'finished');
    expect(setSort(finished, 'imminent')).toBe(finished);
    expect(setSort(finished, 'popular').sort).toBe('popular');
  });

  it('puts every filter in the handshake (empty = none) and sends D8 complete', () => {
    expect(liveListPath(initialQuery.filters)).toBe('/room-list/filtered?continent=&category=&member=');
    expect(liveListPath({ continent: 'KR', category: null, member: 'T1' })).toBe(
      '/room-list/filtered?continent=KR&category=&member=T1',
    );
    const q = setSearch(
      setSort(setFilter(switchMode(initialQuery, 'finished'), 'category', 'SO'), 'popular'),
      '  낮잠 ',
    );
    expect(finishedParams({ ...q, page: 2 })).toEqual({
      q: '낮잠',
      continent: '',
      category: 'SO',
      member: '',
      p: 2,
      sort: 'popular',
    });
    expect(finishedParams(switchMode(initialQuery, 'finished')).sort).toBe('recent');
  });
});

describe('room rows', () => {
  it('parses a snapshot, skipping entries without debateRoomResponse, and picks the order of the sort', () => {
    const snapshot = snapshotSchema.parse({
      roomCount: 3,
      roomSortedByCreatedAt: [
        { debateRoomResponse: info('a') },
        { currentCount: 1 },
        { debateRoomResponse: info('b') },
      ],
      roomSortedByUserCount: [{ debateRoomResponse: info('b') }, { debateRoomResponse: info('a') }],
      observerCurrent: [{ debateRoomResponse: info('c') }, { debateRoomResponse: { title: 'uuid 없음' } }],
    });
    expect(pickRows(snapshot, 'recent').map((r) => r.id)).toEqual(['a', 'b']);
    expect(pickRows(snapshot, 'imminent').map((r) => r.id)).toEqual(['b', 'a']);
    expect(pickRows(snapshot, 'popular').map((r) => r.id)).toEqual(['c']);
    expect(snapshotSchema.parse({})).toEqual({ recent: [], imminent: [], popular: [] });
  });

  it('falls back to 제목 없음, 설명 없음, ETC and 알 수 없음', () => {
    const row = roomRowSchema.parse({ uuid: 'x', title: null, proUsers: null });
    expect(row).toMatchObject({ title: '제목 없음', description: '설명 없음', category: 'ETC', pro: 0, con: 0 });
    expect(durationText(row)).toBe('알 수 없음');
    expect(memberText(row)).toBe('알 수 없음');
  });

  it('shows time × speak count × 2 as minutes and seconds, and N:N', () => {
    const row = roomRowSchema.parse(info('a', { memberNumberType: 3 }));
    expect(durationText(row)).toBe('5분 20초');
    expect(durationText({ secondsPerTurn: 30, turnsPerSide: 3 })).toBe('3분');
    expect(durationText({ secondsPerTurn: 150, turnsPerSide: 10 })).toBe('50분');
    expect(memberText(row)).toBe('3:3');
  });

  it('disables a side’s join button when that side holds as many as the room size', () => {
    expect(isSideFull({ memberSize: 1, pro: 1, con: 0 }, 'PRO')).toBe(true);
    expect(isSideFull({ memberSize: 1, pro: 1, con: 0 }, 'CON')).toBe(false);
    expect(isSideFull({ memberSize: 3, pro: 2, con: 3 }, 'PRO')).toBe(false);
    expect(isSideFull({ memberSize: 3, pro: 2, con: 3 }, 'CON')).toBe(true);
    expect(isSideFull({ memberSize: null, pro: 5, con: 5 }, 'PRO')).toBe(false);
  });
});
