import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { continentLabels, labelOf } from '../../lib/labels';
import { useQuery, viewOf } from '../../lib/server-data';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { LockIcon, NewsIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { When } from '../../ui/When';
import { PagedList } from './PagedList';
import { Segmented } from './Segmented';
import { savedNewsQuery, type SavedNews } from './user-api';
import { cx } from '../../ui/cx';

type Kind = 'bookmarks' | 'likes';

/**
 * The user page's saved and liked news, shown to every member; when the owner keeps them
 * private (`listsPrivate`; null while the profile loads) others see the private-list text.
 */
export function NewsTab({
  userId,
  isOwner,
  listsPrivate,
}: {
  userId: number;
  isOwner: boolean;
  listsPrivate: boolean | null;
}) {
  if (!isOwner && listsPrivate) return <EmptyState icon={<LockIcon />} text="비공개로 설정된 목록입니다" />;
  if (!isOwner && listsPrivate === null)
    return (
      <div role="status" aria-busy="true" aria-label="뉴스 불러오는 중">
        <Skeleton className="h-40 rounded-card" />
      </div>
    );
  return <NewsLists userId={userId} privateNote={isOwner && listsPrivate === true} />;
}

function NewsLists({ userId, privateNote }: { userId: number; privateNote: boolean }) {
  const [kind, setKind] = useState<Kind>('bookmarks');
  const list = viewOf(useQuery(savedNewsQuery(kind, userId)));
  return (
    <div className="flex flex-col gap-5">
      {privateNote && (
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <LockIcon size={16} />
          비공개로 설정했어요. 다른 회원에게는 보이지 않습니다.
        </p>
      )}
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
      className={cx(
        'flex flex-col gap-2 rounded-card border border-line bg-paper p-4 transition-colors',
        'duration-150',
        'hover:border-line-strong hover:bg-surface',
      )}
    >
      <div className="flex items-center gap-2 text-xs text-ink-subtle">
        {news.continent && <Badge>{labelOf(continentLabels, news.continent)}</Badge>}
        {news.createdAt && <When value={news.createdAt} />}
      </div>
      <p className="line-clamp-2 font-semibold text-ink">{news.title}</p>
    </Link>
  );
}
