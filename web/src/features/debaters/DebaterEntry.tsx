import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { Avatar } from '../../ui/Avatar';
import { cx } from '../../ui/cx';
import { RatingValue } from '../../ui/Rating';
import { swingPoints } from '../../lib/persuasion-words';
import { RecordLine } from '../../ui/RecordLine';
import type { Medal } from './ranking';
import type { Debater } from './ranking-api';

// Medal colours always come with the rank and the medal's name in text.
const medalLook: Record<Medal, { label: string; top: string; halo: string; badge: string }> = {
  gold: {
    label: '금메달',
    top: 'border-t-[#d4a514]',
    halo: 'bg-[#e9c44f]',
    badge: 'bg-[#fbf1d0] text-[#6f4e00] ring-[#e6c55a]',
  },
  silver: {
    label: '은메달',
    top: 'border-t-[#a4acb6]',
    halo: 'bg-[#b9c0c8]',
    badge: 'bg-[#eef1f4] text-[#454d57] ring-[#c3c9d0]',
  },
  bronze: {
    label: '동메달',
    top: 'border-t-[#c07a45]',
    halo: 'bg-[#d39a6c]',
    badge: 'bg-[#f8eadf] text-[#7c4118] ring-[#dfae88]',
  },
};

function Follows({ debater, className }: { debater: Debater; className?: string }) {
  return (
    <p className={cx('tabular flex gap-3 text-sm text-ink-muted', className)}>
      <span>
        팔로워 <strong className="font-semibold text-ink">{debater.followers}</strong>
      </span>
      <span>
        팔로잉 <strong className="font-semibold text-ink">{debater.followees}</strong>
      </span>
    </p>
  );
}

/**
 * The rating and the record side by side: what the ranking is ordered by, and how it was earned. On a
 * narrow row a labelled figure wraps whole, never breaking inside its label or its number.
 */
function Standing({ debater }: { debater: Debater }) {
  return (
    <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
      {debater.rating !== null && (
        <p className="flex items-baseline gap-1 whitespace-nowrap text-sm">
          <span className="text-ink-muted">레이팅</span>
          <RatingValue rating={debater.rating} provisional={false} className="text-base text-ink" />
        </p>
      )}
      {debater.averageSwing !== null && (
        <p className="flex items-baseline gap-1 whitespace-nowrap text-sm">
          <span className="text-ink-muted">설득력</span>
          <span className="tabular font-semibold text-ink">{swingPoints(debater.averageSwing)}</span>
        </p>
      )}
      <RecordLine wins={debater.wins} draws={debater.draws} losses={debater.losses} />
    </div>
  );
}

/** One of the top three: a card with its medal, linked to the profile (a compact row on phones). */
export function MedalCard({ debater, medal, rank }: { debater: Debater; medal: Medal; rank: number }) {
  const look = medalLook[medal];
  return (
    <Link
      href={paths.userPage(debater.userId)}
      className={cx(
        'group flex h-full items-center gap-4 rounded-card border border-line border-t-4 bg-paper',
        'p-4 transition-shadow duration-200',
        'hover:shadow-md md:flex-col md:gap-3 md:px-5 md:pb-6 md:pt-5 md:text-center',
        look.top,
      )}
    >
      <span className={cx('shrink-0 rounded-full p-1', look.halo)}>
        <Avatar src={debater.profileUrl} alt="" size="lg" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:items-center">
        <span
          className={cx(
            'inline-flex w-fit items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset',
            look.badge,
          )}
        >
          <MedalMark />
          {rank}위 <span className="sr-only">{look.label}</span>
        </span>
        <p className="text-lg font-bold text-ink group-hover:underline group-hover:underline-offset-4">
          {debater.nickname}
        </p>
        <p className="line-clamp-2 text-sm text-ink-muted">{debater.introduction || '소개가 없습니다'}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 md:flex-col md:gap-1.5">
          <Standing debater={debater} />
          <Follows debater={debater} />
        </div>
      </div>
    </Link>
  );
}

/** A ranking row: rank (none while searching), avatar, name and intro, rating and record, follows. */
export function DebaterRow({ debater, rank }: { debater: Debater; rank: number | null }) {
  return (
    <Link
      href={paths.userPage(debater.userId)}
      className="flex items-center gap-3 px-4 py-4 transition-colors duration-150 hover:bg-surface sm:gap-4 sm:px-5"
    >
      {rank !== null && (
        <span className="tabular w-7 shrink-0 text-center text-base font-bold text-ink-muted">
          {rank}
          <span className="sr-only">위</span>
        </span>
      )}
      <Avatar src={debater.profileUrl} alt="" size="md" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-6">
        <div className="flex min-w-0 flex-1 flex-col">
          <p className="truncate font-semibold text-ink">{debater.nickname}</p>
          <p className="truncate text-sm text-ink-muted">{debater.introduction || '소개가 없습니다'}</p>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-0.5 sm:flex-col sm:items-end">
          <Standing debater={debater} />
          <Follows debater={debater} />
        </div>
      </div>
    </Link>
  );
}

function MedalMark() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M8 3l2.5 6M16 3l-2.5 6" />
      <circle cx="12" cy="15" r="6" />
      <path d="M12 12.5v5" />
    </svg>
  );
}
