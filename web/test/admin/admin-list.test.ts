import { describe, expect, it } from 'vitest';
import type { ReportRow } from '../../src/features/admin/admin-api';
import { paged, resultCodeOf, visibleRows } from '../../src/features/admin/admin-list';

const row = (id: number, status: '미처리' | '처리 완료', extra: Partial<ReportRow> = {}): ReportRow => ({
  id,
  nickname: '신고자',
  targetNickname: '대상',
  reportType: '욕설/인신공격',
  reportTypeCode: 'CUSS',
  reportResult: status === '미처리' ? '미처리' : '경고',
  status,
  createdAt: '2026-11-21 15:05',
  reportedAt: null,
  ...extra,
});

describe('admin list logic', () => {
  const rows = [
    row(1, '미처리'),
    row(2, '미처리', { reportType: '도배', reportTypeCode: 'FLOODING' }),
    row(3, '처리 완료'),
    row(4, '처리 완료', { reportResult: '영구정지' }),
    row(5, '미처리'),
  ];

  it('splits tabs by the exact Korean status and filters by the chip of the tab', () => {
    expect(visibleRows(rows, 'pending', null).map((r) => r.id)).toEqual([1, 2, 5]);
    expect(visibleRows(rows, 'pending', 'FLOODING').map((r) => r.id)).toEqual([2]);
    expect(visibleRows(rows, 'done', null).map((r) => r.id)).toEqual([3, 4]);
    expect(visibleRows(rows, 'done', 'BAN').map((r) => r.id)).toEqual([4]);
    expect(visibleRows(rows, 'done', 'SUSPENSION')).toEqual([]);
  });

  it('maps the four result labels back to codes', () => {
    expect(['경고', '일시정지', '영구정지', '처리없음', '미처리'].map(resultCodeOf)).toEqual([
      'WARNING',
      'SUSPENSION',
      'BAN',
      'NONE',
      null,
    ]);
  });

  it('pages 5 rows at a time with a window of at most 5 page numbers', () => {
    const many = Array.from({ length: 42 }, (_, i) => row(i + 1, '미처리'));
    const first = paged(many, 1);
    expect(first.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(first.totalPages).toBe(9);
    expect(first.window).toEqual([1, 2, 3, 4, 5]);
    expect(paged(many, 6).window).toEqual([4, 5, 6, 7, 8]);
    expect(paged(many, 9).window).toEqual([5, 6, 7, 8, 9]);
    expect(paged(many, 9).rows.map((r) => r.id)).toEqual([41, 42]);
    expect(paged(many, 99).page).toBe(9);
    expect(paged([], 1)).toMatchObject({ rows: [], totalPages: 0, window: [] });
  });
});
