import { STANCE_LABELS, STANCE_MIN_DECLARED, STANCES, stanceOf, stancesOpen, type Stance } from '@toron/engine';
import { cx } from '../../../ui/cx';
import type { RoomViewModel } from '../view-model';
import { StanceShareBar } from './StanceShareBar';

const PICKED: Record<Stance, string> = {
  PRO: 'bg-pro text-white ring-pro',
  CON: 'bg-con text-white ring-con',
  UNDECIDED: 'bg-neutral text-white ring-neutral',
};

/**
 * The audience's stances in a live room: an observer's one-tap picker (찬성 / 반대 / 미정, until the
 * vote opens) and, for observers and debaters, the live bar of the shares among present viewers
 * who declared. The bar shows only counts the server sends, from 3 declared on (docs/persuasion.md).
 */
export function StanceStrip({ vm, tone = 'light' }: { vm: RoomViewModel; tone?: 'light' | 'dark' }) {
  const open = stancesOpen(vm.state);
  const picking = vm.role === 'observer' && open;
  const mine = vm.me === null ? null : stanceOf(vm.state, vm.me);
  const shares = vm.board?.shares ?? null;
  const dark = tone === 'dark';
  const muted = dark ? 'text-white/75' : 'text-ink-muted';
  return (
    <section
      aria-label="참관자 입장"
      className={cx(
        'flex flex-col gap-2 rounded-xl p-3 sm:flex-row sm:items-center sm:gap-4',
        dark ? 'bg-white/5 ring-1 ring-white/10' : 'bg-paper ring-1 ring-line',
      )}
    >
      {!picking && (
        <h2 className={cx('shrink-0 text-sm font-semibold', dark ? 'text-white' : 'text-ink')}>참관자 입장</h2>
      )}
      {/* Until the stream's snapshot, no stance in the state is not yet "none declared": the picker keeps its
          place rather than show a viewer who declared as undecided. */}
      {picking && !vm.synced && <PickerPending dark={dark} />}
      {picking && vm.synced && (
        <div role="group" aria-label="내 입장" className="flex items-center gap-2">
          <span className={cx('shrink-0 text-sm font-semibold', dark ? 'text-white' : 'text-ink')}>
            {mine ? '내 입장' : '지금 생각은?'}
          </span>
          {STANCES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={mine === s}
              onClick={() => mine !== s && vm.actions.declareStance(s)}
              className={cx(
                'min-h-11 min-w-14 rounded-lg px-3 text-sm font-bold ring-1',
                'motion-safe:transition-colors motion-safe:duration-150',
                mine === s
                  ? PICKED[s]
                  : dark
                    ? 'bg-transparent text-white ring-white/30'
                    : 'bg-paper text-ink ring-line',
              )}
            >
              {STANCE_LABELS[s]}
            </button>
          ))}
        </div>
      )}
      <div className="min-w-0 flex-1">
        {shares ? (
          <StanceShareBar shares={shares} tone={tone} />
        ) : (
          <p className={cx('text-xs', muted)}>입장을 밝힌 참관자가 {STANCE_MIN_DECLARED}명 이상이면 비율이 보여요</p>
        )}
        {!open && <p className={cx('mt-1 text-xs', muted)}>투표가 시작되어 입장이 확정되었어요</p>}
      </div>
    </section>
  );
}

/** The picker's place while the viewer's own stance is not known yet: its shape, nothing to press. */
function PickerPending({ dark }: { dark: boolean }) {
  const block = cx('rounded-lg motion-safe:animate-pulse', dark ? 'bg-white/10' : 'bg-surface-strong');
  return (
    <div role="status" aria-label="내 입장을 확인하는 중" className="flex items-center gap-2">
      <span className={cx(block, 'h-5 w-16')} />
      {STANCES.map((s) => (
        <span key={s} className={cx(block, 'h-11 w-14')} />
      ))}
    </div>
  );
}
