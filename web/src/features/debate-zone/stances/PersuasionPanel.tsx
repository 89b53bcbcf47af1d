import type { Persuasion, StanceShares } from '@toron/engine';
import { cx } from '../../../ui/cx';
import { pointsText, swingHeadline, turnText } from '../../../lib/persuasion-words';
import { StanceShareBar } from './StanceShareBar';

/**
 * What the debate did to its audience, beside the vote result: the shares at the first speech and
 * at the vote, the swing (the side that gained the most points moved the room) and the speech
 * after which the most viewers changed stance. Nothing when too few viewers declared to say.
 */
export function PersuasionPanel({ persuasion, className }: { persuasion: Persuasion; className?: string }) {
  const { atFirstSpeech, atVote, swing, mostMoved } = persuasion;
  if (!atFirstSpeech && !atVote && !mostMoved) return null;
  return (
    <section aria-labelledby="persuasion-title" className={cx('flex w-full flex-col gap-3 text-left', className)}>
      <h2 id="persuasion-title" className="text-sm font-bold text-ink-muted">
        참관자의 마음
      </h2>
      {swing && (
        <p className="text-base font-bold" data-testid="swing-headline">
          {swingHeadline(swing)}
          <span className="tabular block text-sm font-semibold text-ink-muted">
            (찬성 {pointsText(swing.PRO)} · 반대 {pointsText(swing.CON)})
          </span>
        </p>
      )}
      <dl className="flex flex-col gap-3">
        <Shares label="첫 발언 때" shares={atFirstSpeech} />
        <Shares label="투표 때" shares={atVote} />
      </dl>
      {mostMoved && (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm">
          <span className="font-semibold">가장 설득력 있던 발언</span> {turnText(mostMoved)}
          <span className="tabular text-ink-muted"> · 참관자 {mostMoved.moved}명의 입장이 바뀌었어요</span>
        </p>
      )}
    </section>
  );
}

function Shares({ label, shares }: { label: string; shares: StanceShares | null }) {
  return (
    <div className="grid grid-cols-[4.5rem_1fr] items-start gap-2">
      <dt className="pt-0.5 text-sm font-semibold">{label}</dt>
      <dd>
        {shares ? (
          <StanceShareBar shares={shares} />
        ) : (
          <span className="text-xs text-ink-muted">입장을 밝힌 참관자가 3명이 되지 않았어요</span>
        )}
      </dd>
    </div>
  );
}
