import { useId, useState, type ReactNode } from 'react';
import { ChipGroup } from '../../ui/Chip';
import { cx } from '../../ui/cx';
import { CATEGORY_CHIPS, CONTINENT_CHIPS, hasFilters, MEMBER_CHIPS, type RoomFilters } from './room-query';

interface RoomFilterPanelProps {
  filters: RoomFilters;
  onChange: <K extends keyof RoomFilters>(key: K, value: RoomFilters[K]) => void;
  onReset: () => void;
}

const activeCount = (filters: RoomFilters): number => Object.values(filters).filter((v) => v !== null).length;

/** The three chip groups (one choice each, a second click clears) and 초기화; folded away on small screens. */
export function RoomFilterPanel({ filters, onChange, onReset }: RoomFilterPanelProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = activeCount(filters);
  return (
    <section aria-label="토론방 필터" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3 lg:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-line-strong bg-paper px-4 text-[0.9375rem] font-semibold text-ink"
        >
          <FilterMark />
          필터
          {count > 0 && (
            <span className="tabular rounded-full bg-brand px-2 text-xs leading-5 text-white">{count}</span>
          )}
        </button>
        {hasFilters(filters) && <ResetButton onReset={onReset} />}
      </div>
      <div
        id={panelId}
        className={cx(
          'flex-col gap-5 rounded-card border border-line bg-surface p-4 sm:p-5 lg:flex',
          open ? 'flex' : 'hidden',
        )}
      >
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
        <div className="hidden justify-end lg:flex">
          <ResetButton onReset={onReset} disabled={!hasFilters(filters)} />
        </div>
      </div>
    </section>
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

function ResetButton({ onReset, disabled = false }: { onReset: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onReset}
      disabled={disabled}
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-ink-muted transition-colors duration-150 hover:bg-paper hover:text-ink disabled:cursor-not-allowed disabled:opacity-50"
    >
      <ResetMark />
      필터 초기화
    </button>
  );
}

function FilterMark() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 6h16M7 12h10M10 18h4" />
    </svg>
  );
}

function ResetMark() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 12a8 8 0 1 0 2.5-5.8M4 4v4.5h4.5" />
    </svg>
  );
}
