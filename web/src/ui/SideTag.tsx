import { cx } from './cx';

export type Side = 'PRO' | 'CON' | 'NEUTRAL';

const looks: Record<Side, { label: string; className: string }> = {
  PRO: { label: '찬성', className: 'bg-pro-soft text-pro ring-pro/30' },
  CON: { label: '반대', className: 'bg-con-soft text-con ring-con/30' },
  NEUTRAL: { label: '기권', className: 'bg-neutral-soft text-neutral ring-neutral/30' },
};

/** The side of a debater, always with its text (never colour alone). */
export function SideTag({ side, label, className }: { side: Side; label?: string; className?: string }) {
  const look = looks[side];
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
        look.className,
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label ?? look.label}
    </span>
  );
}
