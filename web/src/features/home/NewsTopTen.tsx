import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { publisherLabel, type NewsItem } from '../../lib/news-item';
import { useQuery, viewOf } from '../../lib/server-data';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, ArrowRightIcon, NewsIcon } from '../../ui/icons';
import { NewsImage } from '../../ui/NewsImage';
import { Skeleton } from '../../ui/Skeleton';
import { When } from '../../ui/When';
import { newsRankingQuery, splitFeatured } from './ranking';
import { cx } from '../../ui/cx';

/** The 'Focus' section: the most-liked article large, the next nine in a 3/2/1-column grid. */
export function NewsTopTen() {
  const ranking = useQuery(newsRankingQuery());
  const view = viewOf(ranking);
  return (
    <section aria-labelledby="focus-title" className="flex flex-col">
      <div className="flex items-end justify-between gap-4 border-b-2 border-ink pb-3">
        <div className="flex flex-col gap-1">
          <h2 id="focus-title" className="text-2xl font-bold sm:text-[1.75rem]">
            Focus
          </h2>
          <p className="text-sm text-ink-muted">지금 가장 많은 공감을 받은 뉴스</p>
        </div>
        <Link
          href={paths.news('all')}
          className={cx(
            'inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg px-2 text-[0.9375rem]',
            'font-semibold text-brand',
            'hover:underline hover:underline-offset-4',
          )}
        >
          뉴스 더보기
          <ArrowRightIcon size={18} />
        </Link>
      </div>
      {view.status === 'loading' && <TopTenSkeleton />}
      {view.status === 'failed' && (
        <EmptyState
          className="mt-6"
          icon={<AlertIcon />}
          text="뉴스를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
          action={
            <Button variant="secondary" onClick={() => void ranking.refetch()}>
              다시 시도
            </Button>
          }
        />
      )}
      {view.status === 'ready' && <TopTen items={view.data} />}
    </section>
  );
}

function TopTen({ items }: { items: NewsItem[] }) {
  const { featured, rest } = splitFeatured(items);
  if (!featured) return <EmptyState className="mt-6" icon={<NewsIcon />} text="아직 소개할 뉴스가 없습니다" />;
  const now = Date.now();
  return (
    <ol aria-label="뉴스 TOP 10" className="grid gap-x-6 gap-y-5 sm:grid-cols-2 sm:gap-y-8 lg:grid-cols-3">
      <li className="border-b border-line pb-6 pt-5 sm:col-span-2 sm:py-8 lg:col-span-3">
        <Featured news={featured} now={now} />
      </li>
      {rest.map((news, index) => (
        <li key={news.id}>
          <GridCard news={news} rank={index + 2} now={now} />
        </li>
      ))}
    </ol>
  );
}

function Meta({ news, rank, now }: { news: NewsItem; rank: number; now: number }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-[0.8125rem] text-ink-subtle">
      <span className="tabular font-bold text-brand">
        <span className="sr-only">순위 </span>
        {String(rank).padStart(2, '0')}
      </span>
      {news.publisher && <span className="font-semibold text-ink-muted">{publisherLabel(news.publisher)}</span>}
      <When value={news.publishedAt} now={now} />
    </p>
  );
}

const cardLink = cx(
  'rounded-sm',
  'after:absolute after:inset-0 group-hover:underline group-hover:decoration-line-strong',
  'group-hover:underline-offset-4',
);

function Featured({ news, now }: { news: NewsItem; now: number }) {
  return (
    <article className="group relative grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] md:items-center md:gap-8">
      <NewsImage src={news.imageUrl} eager className="w-full rounded-card" />
      <div className="flex flex-col gap-3">
        <Meta news={news} rank={1} now={now} />
        <h3 className="text-2xl font-bold sm:text-[1.875rem]">
          <Link href={paths.newsDetail(news.id)} className={cardLink}>
            {news.title}
          </Link>
        </h3>
        {news.lead && <p className="line-clamp-3 text-ink-muted sm:line-clamp-4">{news.lead}</p>}
      </div>
    </article>
  );
}

/** A card on medium and large screens; a compact row with a thumbnail on phones. */
function GridCard({ news, rank, now }: { news: NewsItem; rank: number; now: number }) {
  return (
    <article className="group relative flex items-start gap-4 sm:flex-col sm:items-stretch sm:gap-3">
      <NewsImage src={news.imageUrl} className="w-28 shrink-0 rounded-lg sm:w-full" />
      <div className="flex min-w-0 flex-col gap-1.5 sm:gap-3">
        <Meta news={news} rank={rank} now={now} />
        <h3 className="text-base font-bold sm:text-[1.0625rem]">
          <Link href={paths.newsDetail(news.id)} className={`line-clamp-3 sm:line-clamp-2 ${cardLink}`}>
            {news.title}
          </Link>
        </h3>
      </div>
    </article>
  );
}

function TopTenSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="뉴스 불러오는 중" className="flex flex-col">
      <div className="grid gap-5 border-b border-line py-6 sm:py-8 md:grid-cols-[3fr_2fr] md:items-center md:gap-8">
        <Skeleton className="aspect-[40/21] w-full rounded-card" />
        <div className="flex flex-col gap-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-4 w-full" />
        </div>
      </div>
      <div className="grid gap-x-6 gap-y-8 pt-6 sm:grid-cols-2 sm:pt-8 lg:grid-cols-3">
        {Array.from({ length: 6 }, (_, n) => (
          <div key={n} className="flex flex-col gap-3">
            <Skeleton className="aspect-[40/21] w-full rounded-lg" />
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-5 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
