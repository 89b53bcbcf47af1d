import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/routes';
import { formatDate } from '../../lib/dates';
import { continentLabels, labelOf } from '../../lib/labels';
import { useQuery, viewOf } from '../../lib/server-data';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { NewsIcon } from '../../ui/icons';
import { PagedList } from './PagedList';
import { Segmented } from './Segmented';
import { savedNewsQuery, type SavedNews } from './user-api';

type Kind = 'bookmarks' | 'likes';

export function NewsTab({ userId, isOwner }: { userId: number; isOwner: boolean }) {
  // Saved and liked news are private: the server answers only their owner.
  if (!isOwner) return <EmptyState icon={<NewsIcon />} text="저장한 뉴스와 좋아요한 뉴스는 본인만 볼 수 있습니다" />;
  return <OwnNewsLists userId={userId} />;
}

function OwnNewsLists({ userId }: { userId: number }) {
  const [kind, setKind] = useState<Kind>('bookmarks');
  const list = viewOf(useQuery(savedNewsQuery(kind, userId)));
  return (
    <div className="flex flex-col gap-5">
      <Segmented
        label="뉴스 종류"
        value={kind}
        onChange={setKind}
        options={[
          { id: 'bookmarks', label: '저장한 뉴스' },
          { id: 'likes', label: '좋아요한 뉴스' },
        ]}
      />
      <PagedList
        view={list}
        label={kind === 'bookmarks' ? '저장한 뉴스' : '좋아요한 뉴스'}
        emptyText="저장된 뉴스가 없습니다"
        emptyIcon={<NewsIcon />}
        itemKey={(n) => n.newsId}
        render={(n) => <NewsRow news={n} />}
      />
    </div>
  );
}

function NewsRow({ news }: { news: SavedNews }) {
  return (
    <Link
      href={paths.newsDetail(news.newsId)}
      className="flex flex-col gap-2 rounded-card border border-line bg-paper p-4 transition-colors duration-150 hover:border-line-strong hover:bg-surface"
    >
      <div className="flex items-center gap-2 text-xs text-ink-subtle">
        {news.continent && <Badge>{labelOf(continentLabels, news.continent)}</Badge>}
        {news.createdAt && <time dateTime={news.createdAt}>{formatDate(news.createdAt)}</time>}
      </div>
      <p className="line-clamp-2 font-semibold text-ink">{news.title}</p>
    </Link>
  );
}
