import { CheckIcon } from '../../../ui/icons';
import { cx } from '../../../ui/cx';
import { doneCount, isStepDone, STEPS, type RoomDraft } from './room-draft';

/** The nine-step progress strip: each step flips to done as soon as its value is filled. */
export function StepStrip({ draft }: { draft: RoomDraft }) {
  const done = doneCount(draft);
  return (
    <section aria-labelledby="create-progress" className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        <h2 id="create-progress" className="text-sm font-semibold text-ink">
          진행 단계
        </h2>
        <p className="tabular text-sm text-ink-muted" aria-live="polite">{`${STEPS.length}단계 중 ${done}단계 완료`}</p>
      </div>
      <div className="h-1 overflow-hidden rounded-full bg-surface-strong" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-200"
          style={{ width: `${(done / STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="grid grid-cols-3 gap-1.5 sm:grid-cols-9 sm:gap-1">
        {STEPS.map((step, index) => {
          const filled = isStepDone(draft, step.key);
          return (
            <li
              key={step.key}
              data-done={filled}
              className={cx(
                'flex items-center gap-1.5 rounded-lg border px-2 py-1.5 text-xs font-semibold',
                'transition-colors duration-200',
                'sm:flex-col sm:px-1 sm:py-2 sm:text-center',
                filled ? 'border-brand/30 bg-brand-soft text-brand' : 'border-line bg-paper text-ink-muted',
              )}
            >
              <span
                aria-hidden="true"
                className={cx(
                  'tabular flex size-5 items-center justify-center rounded-full text-[0.6875rem]',
                  filled ? 'bg-brand text-white' : 'bg-surface-strong text-ink-muted',
                )}
              >
                {filled ? <CheckIcon size={12} strokeWidth={3} /> : index + 1}
              </span>
              <span className="whitespace-nowrap">{step.label}</span>
              <span className="sr-only">{filled ? ' 완료' : ' 미완료'}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
