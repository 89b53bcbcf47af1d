import {
  CATEGORY_LABELS,
  CONTINENT_LABELS,
  durationLabel,
  RESULT_ENABLED_LABELS,
  speakingSeconds,
  type RoomInfo,
} from '@toron/engine';
import { useId, useRef, useState } from 'react';
import { useDismiss } from '../../lib/use-dismiss';
import { usePhone } from '../../lib/use-media-query';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Modal } from '../../ui/Modal';

/**
 * The room-info disclosure (docs/product-rules.md#rooms): topic, description, tags, total speaking time, news link.
 * A popover under its toggle, or on phones a bottom sheet; either closes on Escape, a press
 * outside and the toggle, and gives focus back to the toggle.
 */
export function RoomInfoToggle({ info, dark = false }: { info: RoomInfo; dark?: boolean }) {
  const [open, setOpen] = useState(false);
  const phone = usePhone();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(root, toggle, open && !phone, () => setOpen(false));
  return (
    <div ref={root} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={open && !phone ? id : undefined}
        aria-haspopup={phone ? 'dialog' : undefined}
        onClick={() => setOpen((v) => !v)}
        className={cx(
          'inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-semibold',
          'transition-colors duration-150',
          dark ? 'text-white/90 hover:bg-white/10' : 'text-ink-muted hover:bg-surface',
        )}
      >
        토론방 정보
        <span aria-hidden="true" className={cx('transition-transform duration-150', open && 'rotate-180')}>
          ▾
        </span>
      </button>
      {open && !phone && (
        <div
          id={id}
          role="region"
          aria-label="토론방 정보"
          className={cx(
            'absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-xl p-4 shadow-lg ring-1',
            dark ? 'bg-[#1f2937] text-white ring-white/10' : 'bg-paper text-ink ring-line',
          )}
        >
          <RoomInfoBody info={info} dark={dark} />
        </div>
      )}
      <Modal open={open && phone} title="토론방 정보" onClose={() => setOpen(false)} hideTitle>
        <RoomInfoBody info={info} dark={false} />
        <Button variant="secondary" className="mt-5 w-full" onClick={() => setOpen(false)}>
          닫기
        </Button>
      </Modal>
    </div>
  );
}

function RoomInfoBody({ info, dark }: { info: RoomInfo; dark: boolean }) {
  const tag = cx(
    'rounded-md px-2 py-0.5 text-xs font-semibold',
    dark ? 'bg-white/10 text-white' : 'bg-surface-strong text-ink',
  );
  return (
    <>
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
    </>
  );
}
