import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { publisherLabel, type NewsItem } from '../../lib/news-item';
import { NewsImage } from '../../ui/NewsImage';
import { When } from '../../ui/When';
import { BookmarkIcon, HeartIcon } from './news-icons';
import { cx } from '../../ui/cx';

/** One row of the news list: the text first, a thumbnail on the right; the whole row opens the article. */
export function NewsListItem({ news, now }: { news: NewsItem; now: number }) {
  return (
    <article className="group relative flex gap-4 py-5 sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-x-2 text-[0.8125rem] text-ink-subtle">
          {news.publisher && <span className="font-semibold text-ink-muted">{publisherLabel(news.publisher)}</span>}
          {news.publisher && <span aria-hidden="true">·</span>}
          <When value={news.publishedAt} now={now} />
        </p>
        <h2 className="text-[1.0625rem] font-bold text-ink sm:text-lg">
          <Link
            href={paths.newsDetail(news.id)}
            className={cx(
              'line-clamp-2 rounded-sm',
              'after:absolute after:inset-0 group-hover:underline group-hover:decoration-line-strong',
              'group-hover:underline-offset-4',
            )}
          >
            {news.title}
          </Link>
        </h2>
        {news.lead && <p className="line-clamp-2 text-[0.9375rem] text-ink-muted">{news.lead}</p>}
        <p className="tabular mt-1 flex items-center gap-4 text-[0.8125rem] text-ink-subtle">
          <span className="inline-flex items-center gap-1">
            <HeartIcon size={16} />
            <span className="sr-only">좋아요</span>
            {news.likes}
          </span>
          <span className="inline-flex items-center gap-1">
            <BookmarkIcon size={16} />
            <span className="sr-only">저장</span>
            {news.bookmarks}
          </span>
        </p>
      </div>
      <NewsImage src={news.imageUrl} className="w-28 shrink-0 self-start rounded-lg sm:w-48" />
    </article>
  );
}
