import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

interface TabItem<K extends string> {
  id: K;
  label: string;
  /** New items behind this tab (shown when above 0). */
  unread?: number;
}

interface TabsProps<K extends string> {
  label: string;
  tabs: ReadonlyArray<TabItem<K>>;
  active: K;
  onChange: (id: K) => void;
  idPrefix: string;
  className?: string;
}

/** A WAI-ARIA tab list: arrow keys move between tabs, only the active tab is in the tab order. */
export function Tabs<K extends string>({ label, tabs, active, onChange, idPrefix, className }: TabsProps<K>) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    let next = step === 0 ? -1 : (index + step + tabs.length) % tabs.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    const tab = tabs[next];
    if (next < 0 || !tab) return;
    event.preventDefault();
    onChange(tab.id);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={cx('flex gap-1 border-b border-line', className)}>
      {tabs.map((tab, index) => {
        const selected = tab.id === active;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={cx(
              '-mb-px min-h-11 border-b-2 px-4 text-[0.9375rem] font-semibold transition-colors duration-150',
              selected ? 'border-ink text-ink' : 'border-transparent text-ink-subtle hover:text-ink',
            )}
          >
            {tab.label}
            {!!tab.unread && (
              <span className="tabular ml-1.5 rounded-full bg-brand px-1.5 py-0.5 text-xs font-bold text-white">
                {tab.unread}
                <span className="sr-only">개의 새 메시지</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  id,
  children,
  className,
}: {
  idPrefix: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${id}`}
      aria-labelledby={`${idPrefix}-tab-${id}`}
      tabIndex={0}
      className={cx('focus-visible:outline-offset-4', className)}
    >
      {children}
    </div>
  );
}
