import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../lib/routes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FlagIcon, UsersIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { PagedList } from './PagedList';
import { Segmented } from './Segmented';
import type { View } from '../../lib/server-data';
import { useFollowChange } from './follow-change';
import type { FollowEntry } from './user-api';

type Kind = 'followers' | 'followees';

interface FollowTabProps {
  followers: View<FollowEntry[]>;
  followees: View<FollowEntry[]>;
  isOwner: boolean;
  myId: number | null;
  onReport: (entry: FollowEntry) => void;
}

const countOf = (list: View<FollowEntry[]>) => (list.status === 'ready' ? list.data.length : undefined);

export function FollowTab({ followers, followees, isOwner, myId, onReport }: FollowTabProps) {
  const [kind, setKind] = useState<Kind>('followers');
  const [deleting, setDeleting] = useState<FollowEntry | null>(null);
  const unfollow = useFollowChange();

  // Delete on my following list = I unfollow that user.
  const deleteFollowing = () => {
    if (!deleting || myId === null) return;
    const entry = deleting;
    unfollow.mutate(
      { targetId: entry.userId, myId, follow: false },
      {
        onSuccess: () => showToast(`${entry.nickname}님을 팔로잉 목록에서 삭제했습니다.`, 'success'),
        onError: () => showToast('삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.', 'error'),
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-5">
      <Segmented
        label="팔로우 종류"
        value={kind}
        onChange={setKind}
        options={[
          { id: 'followers', label: '팔로워', count: countOf(followers) },
          { id: 'followees', label: '팔로잉', count: countOf(followees) },
        ]}
      />
      <PagedList
        view={kind === 'followers' ? followers : followees}
        label={kind === 'followers' ? '팔로워' : '팔로잉'}
        emptyText="팔로우 내역이 없습니다"
        emptyIcon={<UsersIcon />}
        itemKey={(entry) => entry.userId}
        render={(entry) => (
          <FollowRow
            entry={entry}
            canReport={entry.userId !== myId}
            onReport={() => onReport(entry)}
            onDelete={isOwner && kind === 'followees' ? () => setDeleting(entry) : null}
          />
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        message="정말로 삭제하시겠습니까?"
        confirmLabel="삭제"
        tone="danger"
        busy={unfollow.isPending}
        onConfirm={deleteFollowing}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

function FollowRow({
  entry,
  canReport,
  onReport,
  onDelete,
}: {
  entry: FollowEntry;
  canReport: boolean;
  onReport: () => void;
  onDelete: (() => void) | null;
}) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-line bg-paper p-3 sm:p-4">
      <Link href={paths.userPage(entry.userId)} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg">
        <Avatar src={entry.profile} alt="" />
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold">{entry.nickname}</span>
          <span className="truncate text-sm text-ink-subtle">{entry.introduction || '아직 소개가 없습니다'}</span>
        </span>
      </Link>
      <div className="flex shrink-0 items-center gap-1">
        {canReport && (
          <Button variant="ghost" className="px-3" onClick={onReport} aria-label={`${entry.nickname}님 신고`}>
            <FlagIcon size={18} /> <span className="hidden sm:inline">신고</span>
          </Button>
        )}
        {onDelete && (
          <Button
            variant="secondary"
            className="px-3"
            onClick={onDelete}
            aria-label={`${entry.nickname}님을 팔로잉에서 삭제`}
          >
            삭제
          </Button>
        )}
      </div>
    </div>
  );
}
