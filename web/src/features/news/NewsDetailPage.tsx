import type { ReactNode } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/routes';
import { continentLabels, labelOf } from '../../lib/labels';
import { publisherLabel } from '../../lib/news-item';
import { useUser } from '../../lib/user-store';
import { Button, ButtonLink } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/EmptyState';
import { ShareButton } from '../../ui/ShareButton';
import { AlertIcon, CompassIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { waitingButton } from '../../ui/waiting-button';
import { When } from '../../ui/When';
import { ArticleFrame } from './ArticleFrame';
import { CategorySidebar } from './CategorySidebar';
import type { NewsDetail } from './news-api';
import { BookmarkIcon, DebateIcon, HeartIcon } from './news-icons';
import { CONTINENT_MENU, type ContinentCode } from './news-query';
import type { ReactionKind } from './reactions';
import { useNewsDetail, type NewsDetailView } from './use-news-detail';

export function NewsDetailPage() {
  const { newsId: raw = '' } = useParams<{ newsId: string }>();
  const newsId = Number(raw);
  if (!Number.isSafeInteger(newsId) || newsId <= 0) return <Redirect to={paths.notFound()} replace />;
  return <NewsDetailFor key={newsId} newsId={newsId} />;
}

function NewsDetailFor({ newsId }: { newsId: number }) {
  const me = useUser();
  const view = useNewsDetail(newsId, me.userId);
  const region = CONTINENT_MENU.find((c) => c.code === view.detail?.continent)?.code ?? null;
  usePageTitle(view.detail?.title);
  return (
    <main id="main" className="page-width grid gap-6 py-6 sm:py-10 lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-12">
      <CategorySidebar active={region} hrefFor={(code: ContinentCode) => paths.news(code)} />
      <div className="flex min-w-0 flex-col gap-6">
        {view.missing !== null ? (
          <EmptyState
            icon={<CompassIcon />}
            text={view.missing}
            action={<ButtonLink href={paths.news('all')}>뉴스 목록으로</ButtonLink>}
          />
        ) : view.status === 'failed' ? (
          <EmptyState
            icon={<AlertIcon />}
            text="뉴스를 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="secondary" onClick={view.reload}>
                  다시 시도
                </Button>
                <ButtonLink href={paths.news('all')} variant="ghost">
                  뉴스 목록으로
                </ButtonLink>
              </div>
            }
          />
        ) : view.detail ? (
          <Article news={view.detail} view={view} />
        ) : (
          <ArticleSkeleton />
        )}
      </div>
    </main>
  );
}

function Article({ news, view }: { news: NewsDetail; view: NewsDetailView }) {
  return (
    <article aria-labelledby="news-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 border-b border-line pb-5">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-ink-subtle">
          <Link
            href={paths.news(news.continent)}
            className="inline-flex min-h-6 items-center font-semibold text-brand underline-offset-4 hover:underline"
          >
            {labelOf(continentLabels, news.continent)}
          </Link>
          {news.publisher && (
            <>
              <span aria-hidden="true">·</span>
              <span className="font-semibold text-ink-muted">{publisherLabel(news.publisher)}</span>
            </>
          )}
          {news.publishedAt && (
            <>
              <span aria-hidden="true">·</span>
              <When value={news.publishedAt} />
            </>
          )}
        </p>
        <h1 id="news-title" className="text-2xl font-bold sm:text-[2rem]">
          {news.title}
        </h1>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <ReactionToggle
            kind="like"
            on={news.liked}
            count={news.likes}
            view={view}
            icon={<HeartIcon size={18} filled={news.liked} />}
            label="좋아요"
          />
          <ReactionToggle
            kind="bookmark"
            on={news.bookmarked}
            count={news.bookmarks}
            view={view}
            icon={<BookmarkIcon size={18} filled={news.bookmarked} />}
            label="저장"
          />
          <ShareButton
            look="pill"
            labelFrom="always"
            target={{
              path: paths.newsDetail(news.id),
              title: news.title,
              text: `토론(Toron)에서 함께 읽어요: ${news.title}`,
            }}
          />
          <ButtonLink href={paths.newDebate(news.id)} className="ml-auto max-sm:w-full">
            <DebateIcon size={18} />
            토론방 개설
          </ButtonLink>
        </div>
      </header>
      <ArticleFrame news={news} />
    </article>
  );
}

interface ReactionToggleProps {
  kind: ReactionKind;
  on: boolean;
  count: number;
  view: NewsDetailView;
  icon: ReactNode;
  label: string;
}

/** A pressed/unpressed toggle with its count; both wait while either request runs. */
function ReactionToggle({ kind, on, count, view, icon, label }: ReactionToggleProps) {
  const busy = view.pending === kind;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-busy={busy || undefined}
      {...waitingButton(view.pending !== null, () => view.toggle(kind))}
      className={cx(
        'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-[0.9375rem]',
        'font-semibold transition-colors duration-150',
        'aria-disabled:cursor-wait',
        on ? 'border-brand bg-brand-soft text-brand' : 'border-line-strong bg-paper text-ink-muted hover:text-ink',
        busy && 'opacity-70',
      )}
    >
      {icon}
      {label}
      <span className="tabular text-ink">{count}</span>
    </button>
  );
}

function ArticleSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="뉴스 불러오는 중" className="flex flex-col gap-4">
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-9 w-11/12" />
      <Skeleton className="h-9 w-2/3" />
      <div className="flex gap-2">
        <Skeleton className="h-11 w-28 rounded-full" />
        <Skeleton className="h-11 w-24 rounded-full" />
      </div>
      <Skeleton className="h-[60vh] w-full rounded-card" />
    </div>
  );
}
