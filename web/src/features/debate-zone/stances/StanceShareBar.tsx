import { STANCE_LABELS, STANCES, stancePercents, type Stance, type StanceShares } from '@toron/engine';
import { cx } from '../../../ui/cx';

const FILL: Record<Stance, string> = { PRO: 'bg-pro', CON: 'bg-con', UNDECIDED: 'bg-neutral' };
const TEXT: Record<Stance, { light: string; dark: string }> = {
  PRO: { light: 'text-pro', dark: 'text-[#93b4ff]' },
  CON: { light: 'text-con', dark: 'text-[#ff9b9b]' },
  UNDECIDED: { light: 'text-neutral', dark: 'text-white/80' },
};

/** "찬성 40% · 반대 40% · 미정 20%": the shares as words (for the bar's accessible name and the chart's readout). */
export function sharesText(shares: StanceShares): string {
  const percents = stancePercents(shares);
  return STANCES.map((s) => `${STANCE_LABELS[s]} ${percents[s]}%`).join(' · ');
}

/** The shares of the three stances as one stacked bar with labelled percentages (never colour alone). */
export function StanceShareBar({
  shares,
  tone = 'light',
  className,
}: {
  shares: StanceShares;
  tone?: 'light' | 'dark';
  className?: string;
}) {
  const percents = stancePercents(shares);
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <div
        role="img"
        aria-label={`${sharesText(shares)} (${shares.declared}명)`}
        className={cx('flex h-2.5 overflow-hidden rounded-full', tone === 'dark' ? 'bg-white/15' : 'bg-surface-strong')}
      >
        {STANCES.map((s) => (
          <div
            key={s}
            className={cx(FILL[s], 'h-full motion-safe:transition-[width] motion-safe:duration-200')}
            style={{ width: `${percents[s]}%` }}
          />
        ))}
      </div>
      <p aria-hidden="true" className="tabular flex flex-wrap gap-x-3 text-xs font-semibold">
        {STANCES.map((s) => (
          <span key={s} className={TEXT[s][tone]}>
            {STANCE_LABELS[s]} {percents[s]}%
          </span>
        ))}
        <span className={tone === 'dark' ? 'text-white/70' : 'text-ink-muted'}>{shares.declared}명</span>
      </p>
    </div>
  );
}
