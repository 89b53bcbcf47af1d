import { useState } from 'react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, SearchIcon, UsersIcon } from '../../ui/icons';
import { SearchBox } from '../../ui/SearchBox';
import { DebaterRow, MedalCard } from './DebaterEntry';
import { noUserText, splitRanking } from './ranking';
import { RankingRules } from './RankingRules';
import { RankingSkeleton } from './RankingSkeleton';
import { useRanking, type RankingView } from './use-ranking';

/** Debater ranking (/debaters): medal cards for the top three, the list, a 1000 ms debounced search. */
export function DebatersPage() {
  const [input, setInput] = useState('');
  const ranking = useRanking(input);
  return (
    <main id="main" className="page-width flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
      <div className="flex flex-col gap-3">
        <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1">
            <p className="text-sm font-semibold text-brand">토론자</p>
            <h1 className="text-2xl font-bold sm:text-3xl">토론자 랭킹</h1>
            <p className="text-[0.9375rem] text-ink-muted">승패가 난 토론으로 매긴 레이팅이 높은 순서예요.</p>
          </div>
          <SearchBox
            label="토론자 검색"
            placeholder="검색..."
            onSearch={setInput}
            onInput={setInput}
            className="w-full sm:w-72"
          />
        </header>
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
