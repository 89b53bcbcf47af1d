import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, NewsIcon, SearchIcon } from '../../ui/icons';
import { SearchBox } from '../../ui/SearchBox';
import { Skeleton } from '../../ui/Skeleton';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { CategorySidebar } from './CategorySidebar';
import { NewsListItem } from './NewsListItem';
import { CONTINENT_MENU, newsQueryHref, parseNewsQuery, SORT_TABS, type NewsQuery } from './news-query';
import { ScrollTopButton } from './ScrollTopButton';
import { useNewsFeed, type NewsFeedView } from './use-news-feed';
import { cx } from '../../ui/cx';
import { usePageTitle } from '../../lib/page-title';

export function NewsPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = parseNewsQuery(search);
  const feed = useNewsFeed(query);
  const heading = useRef<HTMLHeadingElement>(null);
  const region = CONTINENT_MENU.find((c) => c.code === query.continent)?.label ?? '전체보기';

  // A new search, sort or region is a new address; asking for the same one again reloads the list.
  const go = (next: NewsQuery) => {
    const href = newsQueryHref(next);
    if (href === `${location}?${search}`) feed.restart();
    else navigate(href);
  };

  const title = query.continent === 'all' ? '전체 뉴스' : `${region} 뉴스`;
  usePageTitle(query.q ? `‘${query.q}’ 검색 · ${title}` : title);
  return (
    <main id="main" className="page-width grid gap-6 py-6 sm:py-10 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-12">
      <CategorySidebar active={query.continent} hrefFor={(continent) => newsQueryHref({ ...query, continent })} />
      <div className="flex min-w-0 flex-col gap-5">
        <header className="flex flex-col gap-1">
          <p className="text-sm font-semibold text-brand">뉴스</p>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold sm:text-3xl focus:outline-none">
            {title}
          </h1>
        </header>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <Tabs
            label="정렬"
            idPrefix="news-sort"
            tabs={SORT_TABS}
            active={query.sort}
            onChange={(sort) => go({ ...query, sort })}
            className="sm:flex-1"
          />
          <SearchBox
            key={query.q}
            label="뉴스 검색"
            initialValue={query.q}
            onSearch={(q) => go({ ...query, q })}
            className="w-full sm:w-72"
          />
        </div>
        {query.q && (
          <p className="flex flex-wrap items-center gap-x-3 text-[0.9375rem] text-ink-muted">
            <span>
              <strong className="font-semibold text-ink">‘{query.q}’</strong> 검색 결과
            </span>
            <button
              type="button"
              onClick={() => go({ ...query, q: '' })}
              className={cx(
                'inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-4',
                'hover:underline',
              )}
            >
              검색어 지우기
            </button>
          </p>
        )}
        <TabPanel idPrefix="news-sort" id={query.sort} className="flex flex-col gap-6">
          <FeedList feed={feed} searched={query.q !== ''} />
        </TabPanel>
      </div>
      <ScrollTopButton focusTarget={() => heading.current} />
    </main>
  );
}

function FeedList({ feed, searched }: { feed: NewsFeedView; searched: boolean }) {
  const list = useRef<HTMLUListElement>(null);
  // 더보기 hands the focus to the first article it brought: a keyboard user reads on from there, and is
  // not left on the page's body when the last page takes the button away.
  const firstNew = useRef<number | null>(null);
  const count = feed.items.length;
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    list.current?.children[index]?.querySelector('a')?.focus();
  }, [count]);

  if (feed.status === 'loading') return <ListSkeleton />;
  if (feed.status === 'failed') {
    return (
      <EmptyState
        icon={<AlertIcon />}
        text="뉴스를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
        action={
          <Button variant="secondary" onClick={feed.retry}>
            다시 시도
          </Button>
        }
      />
    );
  }
  if (feed.items.length === 0) {
    return searched ? (
      <EmptyState icon={<SearchIcon />} text="검색 결과가 없습니다" />
    ) : (
      <EmptyState icon={<NewsIcon />} text="아직 이 지역의 뉴스가 없습니다" />
    );
  }
  const now = Date.now();
  return (
    <>
      <ul ref={list} aria-label="뉴스 목록" className="-mt-2 flex flex-col divide-y divide-line border-b border-line">
        {feed.items.map((news) => (
          <li key={news.id}>
            <NewsListItem news={news} now={now} />
          </li>
        ))}
      </ul>
      <p
        aria-live="polite"
        className="sr-only"
      >{`뉴스 ${feed.items.length}개${feed.hasMore ? '' : ', 마지막 뉴스까지 표시했습니다'}`}</p>
      {feed.status === 'failed-more' && (
        <p role="alert" className="text-center text-sm text-danger">
          다음 뉴스를 불러오지 못했습니다. 다시 시도해 주세요.
        </p>
      )}
      {(feed.hasMore || feed.status === 'failed-more') && (
        <Button
          variant="secondary"
          className="w-full self-center sm:w-auto sm:min-w-48"
          loading={feed.status === 'loading-more'}
          onClick={() => {
            firstNew.current = count;
            if (feed.status === 'failed-more') feed.retry();
            else feed.more();
          }}
        >
          {feed.status === 'failed-more' ? '다시 시도' : '더보기'}
        </Button>
      )}
    </>
  );
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" aria-label="뉴스 불러오는 중" className="-mt-2 flex flex-col divide-y divide-line">
      {[0, 1, 2, 3, 4].map((n) => (
        <li key={n} className="flex gap-4 py-5 sm:gap-6">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-6 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
          <Skeleton className="aspect-[40/21] w-28 shrink-0 self-start rounded-lg sm:w-48" />
        </li>
      ))}
    </ul>
  );
}
