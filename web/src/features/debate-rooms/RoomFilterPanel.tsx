import { useId, useState, type ReactNode } from 'react';
import { usePhone } from '../../lib/use-media-query';
import { Button } from '../../ui/Button';
import { ChipGroup } from '../../ui/Chip';
import { cx } from '../../ui/cx';
import { Modal } from '../../ui/Modal';
import { CATEGORY_CHIPS, CONTINENT_CHIPS, hasFilters, MEMBER_CHIPS, type RoomFilters } from './room-query';

interface RoomFilterPanelProps {
  filters: RoomFilters;
  onChange: <K extends keyof RoomFilters>(key: K, value: RoomFilters[K]) => void;
  onReset: () => void;
}

const activeCount = (filters: RoomFilters): number => Object.values(filters).filter((v) => v !== null).length;

/**
 * The 필터 button of the list's toolbar and the three chip groups (one choice each, a second
 * click clears) behind it: closed by default so the rooms come first; opened, the groups unfold
 * under the toolbar, or on phones rise as a bottom sheet. Chips apply at once either way.
 * Rendered inside the toolbar's wrapping flex row (the unfolded panel takes a row of its own).
 */
export function RoomFilterPanel({ filters, onChange, onReset }: RoomFilterPanelProps) {
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const panelId = useId();
  const count = activeCount(filters);
  const groups = <FilterGroups filters={filters} onChange={onChange} />;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open && !phone ? panelId : undefined}
        aria-haspopup={phone ? 'dialog' : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cx(
          'inline-flex min-h-11 items-center gap-2 rounded-lg border px-4 text-[0.9375rem]',
          'font-semibold transition-colors duration-150',
          open ? 'border-ink bg-surface text-ink' : 'border-line-strong bg-paper text-ink hover:bg-surface',
        )}
      >
        <FilterMark />
        필터
        {count > 0 && (
          <span className="tabular rounded-full bg-brand px-2 text-xs leading-5 text-white">
            <span className="sr-only">적용됨 </span>
            {count}
          </span>
        )}
        <span
          aria-hidden="true"
          className={cx('text-ink-subtle transition-transform duration-150', open && !phone && 'rotate-180')}
        >
          <ChevronMark />
        </span>
      </button>
      {hasFilters(filters) && <ResetButton onReset={onReset} />}
      {open && !phone && (
        <div
          id={panelId}
          role="region"
          aria-label="토론방 필터"
          className="order-last flex basis-full flex-col gap-5 rounded-card border border-line bg-surface p-5"
        >
          {groups}
        </div>
      )}
      <Modal open={open && phone} title="필터" onClose={() => setOpen(false)} size="md">
        <div className="flex flex-col gap-5">{groups}</div>
        <div className="mt-6 flex gap-2">
          <Button variant="secondary" className="flex-1" onClick={onReset} disabled={count === 0}>
            필터 초기화
          </Button>
          <Button className="flex-1" onClick={() => setOpen(false)}>
            결과 보기
          </Button>
        </div>
      </Modal>
    </>
  );
}

function FilterGroups({ filters, onChange }: Pick<RoomFilterPanelProps, 'filters' | 'onChange'>) {
  return (
    <>
      <FilterGroup label="대륙">
        <ChipGroup
          label="대륙"
          options={CONTINENT_CHIPS}
          value={filters.continent}
          onChange={(v) => onChange('continent', v)}
        />
      </FilterGroup>
      <FilterGroup label="카테고리">
        <ChipGroup
          label="카테고리"
          options={CATEGORY_CHIPS}
          value={filters.category}
          onChange={(v) => onChange('category', v)}
        />
      </FilterGroup>
      <FilterGroup label="참가 인원">
        <ChipGroup
          label="참가 인원"
          options={MEMBER_CHIPS}
          value={filters.member}
          onChange={(v) => onChange('member', v)}
        />
      </FilterGroup>
    </>
  );
}

function FilterGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 lg:grid-cols-[6rem_minmax(0,1fr)] lg:items-start lg:gap-4">
      <p aria-hidden="true" className="text-sm font-semibold text-ink lg:pt-2.5">
        {label}
      </p>
      {children}
    </div>
  );
}

function ResetButton({ onReset }: { onReset: () => void }) {
  return (
    <button
      type="button"
      onClick={onReset}
      className={cx(
        'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold',
        'text-ink-muted transition-colors duration-150',
        'hover:bg-surface hover:text-ink',
      )}
    >
      <ResetMark />
      필터 초기화
    </button>
  );
}

const mark = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

function FilterMark() {
  return (
    <svg width="18" height="18" {...mark}>
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

function ChevronMark() {
  return (
    <svg width="16" height="16" {...mark}>
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

function ResetMark() {
  return (
    <svg width="16" height="16" {...mark}>
      <path d="M4 12a8 8 0 1 0 2.5-5.8M4 4v4.5h4.5" />
    </svg>
  );
}
