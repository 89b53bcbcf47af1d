import { useState } from 'react';
import { Link } from 'wouter';
import { paths } from '../../app/routes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FlagIcon, UsersIcon } from '../../ui/icons';
import { showToast } from '../../ui/toast';
import { PagedList } from './PagedList';
import { Segmented } from './Segmented';
import { unfollowUser, type FollowEntry } from './user-api';

type Kind = 'followers' | 'followees';

interface FollowTabProps {
  followers: FollowEntry[] | null;
  followees: FollowEntry[] | null;
  failed: boolean;
  isOwner: boolean;
  myId: number | null;
  onReport: (entry: FollowEntry) => void;
  onChanged: () => void;
}

export function FollowTab({ followers, followees, failed, isOwner, myId, onReport, onChanged }: FollowTabProps) {
  const [kind, setKind] = useState<Kind>('followers');
  const [deleting, setDeleting] = useState<FollowEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const list = kind === 'followers' ? followers : followees;

  // Delete on my following list = I unfollow that user.
  const deleteFollowing = async () => {
    if (!deleting || myId === null) return;
    setBusy(true);
    try {
      await unfollowUser(deleting.userId, myId);
      showToast(`${deleting.nickname}님을 팔로잉 목록에서 삭제했습니다.`, 'success');
      onChanged();
    } catch {
      showToast('삭제하지 못했습니다. 잠시 후 다시 시도해 주세요.', 'error');
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <Segmented
        label="팔로우 종류"
        value={kind}
        onChange={setKind}
        options={[
          { id: 'followers', label: '팔로워', count: followers?.length },
          { id: 'followees', label: '팔로잉', count: followees?.length },
        ]}
      />
      <PagedList
        items={list}
        failed={failed}
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
        busy={busy}
        onConfirm={() => void deleteFollowing()}
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
