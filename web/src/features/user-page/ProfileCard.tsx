import { useState } from 'react';
import { paths } from '../../lib/routes';
import { logout } from '../../lib/end-session';
import { Avatar } from '../../ui/Avatar';
import { Button, ButtonLink, IconButton } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FlagIcon, LogoutIcon } from '../../ui/icons';
import { RecordLine } from '../../ui/RecordLine';
import { ShareButton } from '../../ui/ShareButton';
import { StaffBadge } from '../../ui/StaffBadge';
import { useFollowToggle } from './use-follow-toggle';
import type { Profile } from './user-api';

interface ProfileCardProps {
  profile: Profile;
  isOwner: boolean;
  myId: number | null;
  following: boolean;
  followerCount: number | null;
  followeeCount: number | null;
  onReport: () => void;
}

export function ProfileCard({
  profile,
  isOwner,
  myId,
  following,
  followerCount,
  followeeCount,
  onReport,
}: ProfileCardProps) {
  const [askLogout, setAskLogout] = useState(false);
  return (
    <section
      aria-labelledby="profile-name"
      className="flex flex-col gap-5 rounded-card border border-line bg-paper p-6"
    >
      <div className="flex items-start gap-4 lg:flex-col">
        <Avatar src={profile.profileUrl} alt={`${profile.nickname}님의 프로필 이미지`} size="xl" />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h1 id="profile-name" className="break-all text-2xl font-bold">
                {profile.nickname}
              </h1>
              {profile.role === 'ROLE_ADMIN' && <StaffBadge />}
            </div>
            {isOwner && (
              <IconButton label="로그아웃" className="-mr-2 -mt-2" onClick={() => setAskLogout(true)}>
                <LogoutIcon />
              </IconButton>
            )}
          </div>
          <RecordLine wins={profile.winNumber} draws={profile.drawNumber} losses={profile.defeatNumber} />
        </div>
      </div>
      <p className={profile.introduction ? 'text-ink' : 'text-ink-subtle'}>
        {profile.introduction || '아직 소개가 없습니다'}
      </p>
      <dl className="tabular flex gap-6 border-y border-line py-3 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-ink-subtle">팔로워</dt>
          <dd className="font-bold">{followerCount ?? '–'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-ink-subtle">팔로잉</dt>
          <dd className="font-bold">{followeeCount ?? '–'}</dd>
        </div>
      </dl>
      <div className="flex gap-2">
        {isOwner ? (
          <ButtonLink href={paths.profileUpdate()} variant="secondary" className="flex-1">
            프로필 수정
          </ButtonLink>
        ) : (
          <>
            <FollowButton targetId={profile.id} myId={myId} following={following} />
            <Button variant="ghost" onClick={onReport} aria-label={`${profile.nickname}님 신고`}>
              <FlagIcon size={18} /> 신고
            </Button>
          </>
        )}
        <ShareButton
          look="outline"
          target={{
            path: paths.userPage(profile.id),
            title: `${profile.nickname}님의 토론 프로필`,
            text: `토론(Toron)의 토론자 ${profile.nickname}님`,
          }}
        />
      </div>
      <ConfirmDialog
        open={askLogout}
        message={'로그아웃 시 이용이 제한됩니다.\n로그아웃 하시겠습니까?'}
        confirmLabel="로그아웃"
        onConfirm={() => void logout()}
        onCancel={() => setAskLogout(false)}
      />
    </section>
  );
}

function FollowButton({ targetId, myId, following }: { targetId: number; myId: number | null; following: boolean }) {
  const toggle = useFollowToggle(targetId, myId, following);
  return (
    <Button
      className="flex-1"
      variant={toggle.following ? 'secondary' : 'primary'}
      aria-pressed={toggle.following}
      loading={toggle.busy}
      onClick={toggle.toggleFollow}
    >
      {toggle.following ? '팔로우 취소' : '팔로우'}
    </Button>
  );
}
