import {
  CATEGORY_LABELS,
  CONTINENT_LABELS,
  durationLabel,
  RESULT_ENABLED_LABELS,
  speakingSeconds,
  type RoomInfo,
} from '@toron/engine';
import { useId, useState } from 'react';
import { cx } from '../../ui/cx';

/** The room-info disclosure (part2 §2): topic, description, tags, total speaking time, news link. */
export function RoomInfoToggle({ info, dark = false }: { info: RoomInfo; dark?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const tag = cx(
    'rounded-md px-2 py-0.5 text-xs font-semibold',
    dark ? 'bg-white/10 text-white' : 'bg-surface-strong text-ink',
  );
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold transition-colors duration-150',
          dark ? 'text-white/90 hover:bg-white/10' : 'text-ink-muted hover:bg-surface',
        )}
      >
        토론방 정보
        <span aria-hidden="true" className={cx('transition-transform duration-150', open && 'rotate-180')}>
          ▾
        </span>
      </button>
      {open && (
        <div
          id={id}
          className={cx(
            'absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl p-4 shadow-lg ring-1',
            dark ? 'bg-[#1f2937] text-white ring-white/10' : 'bg-paper text-ink ring-line',
          )}
        >
          <p className="text-base font-bold leading-tight">{info.title}</p>
          <p className={cx('mt-1 text-sm', dark ? 'text-white/80' : 'text-ink-muted')}>{info.description}</p>
          <div className="mt-3 flex flex-wrap gap-1.5">
            <span className={tag}>{CONTINENT_LABELS[info.continentType]}</span>
            <span className={tag}>{CATEGORY_LABELS[info.categoryType]}</span>
            <span className={tag}>
              {info.memberNumberType}:{info.memberNumberType}
            </span>
            <span className={tag}>{RESULT_ENABLED_LABELS[String(info.resultEnabled) as 'true' | 'false']}</span>
          </div>
          <p className={cx('mt-3 text-sm', dark ? 'text-white/80' : 'text-ink-muted')}>
            총 발언 시간{' '}
            <span className={cx('tabular font-semibold', dark ? 'text-white' : 'text-ink')}>
              {durationLabel(speakingSeconds(info.timeType, info.speakCountType))}
            </span>
          </p>
          {info.newsUrl && (
            <a
              href={info.newsUrl}
              className={cx(
                'mt-2 inline-flex min-h-11 items-center text-sm font-semibold underline underline-offset-4',
                dark ? 'text-white' : 'text-brand',
              )}
            >
              관련 뉴스 보기
            </a>
          )}
        </div>
      )}
    </div>
  );
}
