import { useState } from 'react';
import { routes } from '../../lib/routes';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, SearchIcon, UsersIcon } from '../../ui/icons';
import { SearchBox } from '../../ui/SearchBox';
import { DebaterRow, MedalCard } from './DebaterEntry';
import { noUserText, splitRanking } from './ranking';
import { RankingRules } from './RankingRules';
import { RankingSkeleton } from './RankingSkeleton';
import type { RankingOrder } from './ranking-api';
import { useRanking, type RankingView } from './use-ranking';
import { cx } from '../../ui/cx';

const ORDERS: readonly RankingOrder[] = ['rating', 'persuasion'];
const ORDER_LABEL: Record<RankingOrder, string> = { rating: '레이팅순', persuasion: '설득력순' };
const ORDER_TEXT: Record<RankingOrder, string> = {
  rating: '결과가 난 토론(무승부 포함)으로 매긴 레이팅이 높은 순서예요.',
  persuasion: '토론 동안 참관자의 입장을 자기 편으로 가장 많이 움직인 순서예요 (입장 변화가 측정된 토론자만).',
};

/** Debater ranking (/debaters): medal cards for the top three, the list, a 1000 ms debounced search. */
export function DebatersPage() {
  const [input, setInput] = useState('');
  const [order, setOrder] = useState<RankingOrder>('rating');
  const ranking = useRanking(input, order);
  return (
    <main id="main" className="page-width flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold text-brand">토론자</p>
            <h1 className="text-2xl font-bold sm:text-3xl">{routes.debaters.title}</h1>
            <p className="text-[0.9375rem] text-ink-muted">{ORDER_TEXT[order]}</p>
          </div>
          <SearchBox
            label="토론자 검색"
            placeholder="검색..."
            onSearch={setInput}
            onInput={setInput}
            className="w-full sm:w-72"
          />
        </header>
        <div role="group" aria-label="랭킹 순서" className="flex gap-2">
          {ORDERS.map((o) => (
            <button
              key={o}
              type="button"
              aria-pressed={order === o}
              onClick={() => setOrder(o)}
              className={cx(
                'min-h-11 rounded-full px-4 text-sm font-semibold ring-1',
                'motion-safe:transition-colors motion-safe:duration-150',
                order === o ? 'bg-ink text-white ring-ink' : 'bg-paper text-ink ring-line hover:bg-surface',
              )}
            >
              {ORDER_LABEL[o]}
            </button>
          ))}
        </div>
        <RankingRules />
      </div>
      <RankingBody ranking={ranking} />
    </main>
  );
}

function RankingBody({ ranking }: { ranking: RankingView }) {
  const { view } = ranking;
  if (view.status === 'loading') return <RankingSkeleton withMedals={ranking.term === ''} />;
  if (view.status === 'failed') {
    return (
      <EmptyState
        icon={<AlertIcon />}
        text="랭킹을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
        action={
          <Button variant="secondary" onClick={ranking.retry}>
            다시 시도
          </Button>
        }
      />
    );
  }
  if (view.data.length === 0) {
    return ranking.term ? (
      <EmptyState icon={<SearchIcon />} text={noUserText(ranking.term)} />
    ) : (
      <EmptyState icon={<UsersIcon />} text="아직 랭킹에 오른 토론자가 없습니다" />
    );
  }
  const { medalists, rows } = splitRanking(view.data, ranking.term);
  return (
    <div className="flex flex-col gap-8">
      {medalists.length > 0 && (
        <section aria-labelledby="top-debaters" className="flex flex-col gap-4">
          <h2 id="top-debaters" className="text-lg font-bold">
            TOP 3 토론자
          </h2>
          <ol className="grid gap-4 md:grid-cols-3">
            {medalists.map(({ debater, medal }, i) => (
              <li key={debater.userId}>
                <MedalCard debater={debater} medal={medal} rank={i + 1} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {rows.length > 0 && (
        <section aria-labelledby="ranking-list" className="flex flex-col gap-3">
          <h2 id="ranking-list" className={medalists.length > 0 ? 'text-lg font-bold' : 'sr-only'}>
            {ranking.term ? `‘${ranking.term}’ 검색 결과` : '전체 랭킹'}
          </h2>
          <ol className="flex flex-col divide-y divide-line rounded-card border border-line">
            {rows.map(({ debater, rank }) => (
              <li key={debater.userId}>
                <DebaterRow debater={debater} rank={rank} />
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}
