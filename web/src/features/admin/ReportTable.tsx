import type { KeyboardEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { When } from '../../ui/When';
import { filedAt, processedAt, type ReportRow } from './admin-api';
import type { AdminTab } from './admin-list';
import { cx } from '../../ui/cx';

interface TableProps {
  tab: AdminTab;
  rows: readonly ReportRow[];
  /** A row click: check (first tab) or recover (second tab). */
  onOpen: (row: ReportRow) => void;
  /** The row's button: process (first tab) or change (second tab). */
  onAct: (row: ReportRow) => void;
}

const columns: Record<AdminTab, string[]> = {
  pending: ['신고 사유', '신고자', '신고당한 사용자', '신고 일시', '처리'],
  done: ['처리 옵션', '처리된 사용자', '처리자', '처리 일시', '처리'],
};

const when = (value: string | null | undefined): ReactNode => (value ? <When value={value} /> : '-');

const cells = (tab: AdminTab, row: ReportRow): [string, string, string, ReactNode] =>
  tab === 'pending'
    ? [row.reportType, row.nickname, row.targetNickname, when(filedAt(row))]
    : [row.reportResult, row.targetNickname, row.handlerNickname ?? '-', when(processedAt(row))];

/** The report table (a card list on small screens); a row opens its modal, its button processes or changes. */
export function ReportTable({ tab, rows, onOpen, onAct }: TableProps) {
  const actLabel = tab === 'pending' ? '처리' : '변경';
  const onKey = (event: KeyboardEvent, row: ReportRow) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onOpen(row);
  };
  const action = (row: ReportRow) => (
    <Button
      variant={tab === 'pending' ? 'primary' : 'secondary'}
      className="min-h-10 px-4 text-sm"
      onClick={(e) => {
        e.stopPropagation();
        onAct(row);
      }}
      aria-label={`${row.targetNickname} 신고 ${actLabel}`}
    >
      {actLabel}
    </Button>
  );
  return (
    <>
      <table className="hidden w-full border-collapse text-left text-[0.9375rem] sm:table">
        <thead>
          <tr className="border-y border-line bg-surface text-sm text-ink-muted">
            {columns[tab].map((c, i) => (
              <th
                key={c}
                scope="col"
                className={i === 4 ? 'w-24 px-4 py-3 text-center font-semibold' : 'px-4 py-3 font-semibold'}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              tabIndex={0}
              onClick={() => onOpen(row)}
              onKeyDown={(e) => onKey(e, row)}
              className={cx(
                'cursor-pointer border-b border-line transition-colors duration-150',
                'hover:bg-surface focus-visible:bg-surface',
              )}
            >
              {cells(tab, row).map((value, i) => (
                <td key={i} className={i === 3 ? 'tabular px-4 py-3 text-ink-muted' : 'px-4 py-3'}>
                  {value}
                </td>
              ))}
              <td className="px-4 py-2 text-center">{action(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="flex flex-col gap-3 sm:hidden">
        {rows.map((row) => {
          const [first, second, third, date] = cells(tab, row);
          return (
            <li
              key={row.id}
              tabIndex={0}
              onClick={() => onOpen(row)}
              onKeyDown={(e) => onKey(e, row)}
              className="flex cursor-pointer items-center gap-3 rounded-card border border-line p-4 hover:bg-surface"
            >
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <span className="text-sm font-semibold text-brand">{first}</span>
                <span className="truncate text-[0.9375rem]">
                  {tab === 'pending' ? `${second} → ${third}` : `${second} · 처리자 ${third}`}
                </span>
                <span className="tabular text-xs text-ink-subtle">{date}</span>
              </div>
              {action(row)}
            </li>
          );
        })}
      </ul>
    </>
  );
}
