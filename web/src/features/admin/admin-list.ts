import { pageCount, pageSlice, pageWindow } from '../../ui/pager-window';
import type { Reason, ReportRow, Result } from './admin-api';

const PAGE_SIZE = 5;
const PAGER_WINDOW = 5;
export const SEARCH_DEBOUNCE_MS = 100;

export type AdminTab = 'pending' | 'done';

/** Reason chips (first tab) and result chips (second tab) with their labels. */
export const reasonChips: ReadonlyArray<{ value: Reason; label: string }> = [
  { value: 'OBSCENITY', label: '음란성/선정성' },
  { value: 'SPAM', label: '스팸/광고' },
  { value: 'CUSS', label: '욕설/인신공격' },
  { value: 'FLOODING', label: '도배' },
  { value: 'LEAKAGE', label: '개인정보 노출' },
  { value: 'DODGE', label: '사유 없는 탈주' },
];
export const resultChips: ReadonlyArray<{ value: Result; label: string }> = [
  { value: 'WARNING', label: '경고' },
  { value: 'SUSPENSION', label: '일시정지' },
  { value: 'BAN', label: '영구정지' },
  { value: 'NONE', label: '처리없음' },
];

const resultByLabel: Record<string, Result> = {
  경고: 'WARNING',
  일시정지: 'SUSPENSION',
  영구정지: 'BAN',
  처리없음: 'NONE',
};

/** A result label back to its code (the edit modal prefills from the label, like the original client). */
export const resultCodeOf = (label: string): Result | null => resultByLabel[label] ?? null;

/** The rows of a tab (split by the exact Korean status) and, if a chip is on, of that reason or result. */
export function visibleRows(rows: readonly ReportRow[], tab: AdminTab, chip: string | null): ReportRow[] {
  return rows.filter((row) => {
    if (row.status !== (tab === 'pending' ? '미처리' : '처리 완료')) return false;
    if (chip === null) return true;
    return tab === 'pending' ? row.reportTypeCode === chip : resultCodeOf(row.reportResult) === chip;
  });
}

/** One page of rows (5 per page), the page count and the pager's window (up to 5 numbers). */
export function paged(rows: readonly ReportRow[], page: number) {
  const totalPages = pageCount(rows.length, PAGE_SIZE);
  const current = Math.min(Math.max(page, 1), Math.max(totalPages, 1));
  return {
    rows: pageSlice(rows, current, PAGE_SIZE),
    page: current,
    totalPages,
    window: pageWindow(current, totalPages, PAGER_WINDOW),
  };
}
