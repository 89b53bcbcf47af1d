import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { categoryLabels, labelOf } from '../../lib/labels';
import { PERSONAL_RESULT_LABELS, type PersonalResult } from '../../lib/outcome';
import { useQuery, viewOf } from '../../lib/server-data';
import { Badge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { OutcomeSummary } from '../../ui/Outcome';
import { RatingChange } from '../../ui/Rating';
import { ChatIcon, ChevronRightIcon } from '../../ui/icons';
import { PagedList } from './PagedList';
import { closedDebatesQuery, type ArchivedDebate } from './user-api';

export function DebateTab({ userId }: { userId: number }) {
  const list = viewOf(useQuery(closedDebatesQuery(userId)));
  return (
    <PagedList
      view={list}
      label="지난 토론"
      emptyText="저장된 토론방이 없습니다"
      emptyIcon={<ChatIcon />}
      itemKey={(d) => d.debateId}
      render={(d) => <DebateRow debate={d} />}
    />
  );
}

const resultLooks: Record<PersonalResult, string> = {
  WIN: 'bg-pro text-white',
  DRAW: 'bg-neutral text-white',
  LOSS: 'bg-con text-white',
  OBSERVED: 'bg-surface-strong text-ink-muted',
};

/** What the debate gave this member: 승/무/패, 참여 when it decided nothing, 참관 when they watched. */
function ResultMark({ debate }: { debate: ArchivedDebate }) {
  const result: PersonalResult | null = debate.isParticipant ? (debate.result ?? null) : 'OBSERVED';
  const label = result ? PERSONAL_RESULT_LABELS[result] : '참여';
  return (
    <span
      className={cx(
        'flex size-11 shrink-0 items-center justify-center rounded-xl text-[0.9375rem] font-bold',
        result ? resultLooks[result] : 'bg-brand-soft text-brand',
      )}
    >
      {label}
    </span>
  );
}

function DebateRow({ debate }: { debate: ArchivedDebate }) {
  const meta = [debate.member, debate.time].filter((v) => v !== null && v !== undefined && v !== '').join(' · ');
  return (
    <Link
      href={paths.archivedRoom(debate.debateId)}
      className={cx(
        'flex items-center gap-4 rounded-card border border-line bg-paper p-4 transition-colors',
        'duration-150',
        'hover:border-line-strong hover:bg-surface',
      )}
    >
      <ResultMark debate={debate} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          {debate.category && <Badge>{labelOf(categoryLabels, debate.category)}</Badge>}
          {meta && <span className="tabular text-xs text-ink-subtle">{meta}</span>}
        </div>
        <p className="truncate font-semibold">{debate.title}</p>
        {debate.outcome && <OutcomeSummary outcome={debate.outcome} className="text-xs" />}
      </div>
      {debate.ratingChange != null && (
        <span className="flex shrink-0 flex-col items-end text-sm">
          <span aria-hidden="true" className="text-xs text-ink-subtle">
            레이팅
          </span>
          <RatingChange change={debate.ratingChange} />
        </span>
      )}
      <ChevronRightIcon className="shrink-0 text-ink-subtle" />
    </Link>
  );
}
