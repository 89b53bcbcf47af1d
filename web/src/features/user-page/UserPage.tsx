import { useState } from 'react';
import { Redirect, useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/routes';
import { useUser } from '../../lib/user-store';
import { useQuery, viewOf } from '../../lib/server-data';
import { Button, ButtonLink } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { AlertIcon, CompassIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/Skeleton';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { DebateTab } from './DebateTab';
import { FollowTab } from './FollowTab';
import { NewsTab } from './NewsTab';
import { ProfileCard } from './ProfileCard';
import { RatingCard } from './RatingCard';
import { PersuasionCard } from './PersuasionCard';
import type { ReportDialogComponent, ReportRequest } from './report-request';
import { followeesQuery, followersQuery, profileQuery } from './user-api';

type TabId = 'news' | 'debates' | 'follow';
const TABS = [
  { id: 'news', label: '뉴스' },
  { id: 'debates', label: '토론방' },
  { id: 'follow', label: '팔로우' },
] as const;

export function UserPage({ ReportDialog }: { ReportDialog: ReportDialogComponent }) {
  const { userId: raw = '' } = useParams<{ userId: string }>();
  const userId = Number(raw);
  if (!Number.isSafeInteger(userId) || userId <= 0) return <Redirect to={paths.notFound()} replace />;
  return <UserPageFor key={userId} userId={userId} ReportDialog={ReportDialog} />;
}

function UserPageFor({ userId, ReportDialog }: { userId: number; ReportDialog: ReportDialogComponent }) {
  const me = useUser();
  const isOwner = me.userId === userId;
  const [tab, setTab] = useState<TabId>('news');
  const [reporting, setReporting] = useState<ReportRequest | null>(null);
  const profileLoad = useQuery(profileQuery(userId));
  const profile = viewOf(profileLoad);
  usePageTitle(profile.status === 'ready' ? `${profile.data.nickname}님의 프로필` : undefined);
  const followers = viewOf(useQuery(followersQuery(userId)));
  const followees = viewOf(useQuery(followeesQuery(userId)));
  const following = followers.status === 'ready' && followers.data.some((entry) => entry.userId === me.userId);
  const report = (targetUserId: number, nickname: string) =>
    setReporting({ targetUserId, nickname, targetType: 'PROFILE', targetRoomId: null });

  // No such member: the server's own words, and no tabs of a profile that is not there.
  if (profile.status === 'failed' && profile.missing !== null) {
    return (
      <main id="main" className="page-width flex flex-1 flex-col justify-center py-12 sm:py-20">
        <EmptyState
          icon={<CompassIcon />}
          text={profile.missing}
          action={<ButtonLink href={paths.main()}>홈으로</ButtonLink>}
        />
      </main>
    );
  }

  return (
    <main id="main" className="page-width grid items-start gap-8 py-8 sm:py-12 lg:grid-cols-[320px_1fr] lg:pb-20">
      <div className="flex flex-col gap-6">
        {profile.status === 'ready' ? (
          <ProfileCard
            profile={profile.data}
            isOwner={isOwner}
            myId={me.userId}
            following={following}
            followerCount={followers.status === 'ready' ? followers.data.length : null}
            followeeCount={followees.status === 'ready' ? followees.data.length : null}
            onReport={() => report(profile.data.id, profile.data.nickname)}
          />
        ) : profile.status === 'failed' ? (
          <EmptyState
            icon={<AlertIcon />}
            text="프로필을 불러오지 못했습니다."
            action={
              <Button variant="secondary" onClick={() => void profileLoad.refetch()}>
                다시 시도
              </Button>
            }
          />
        ) : (
          <ProfileSkeleton />
        )}
        <RatingCard userId={userId} />
        <PersuasionCard userId={userId} />
      </div>
      <section aria-label="활동 내역" className="flex min-w-0 flex-col gap-6">
        <Tabs label="활동 내역" idPrefix="user-page" tabs={TABS} active={tab} onChange={setTab} />
        <TabPanel idPrefix="user-page" id={tab}>
          {tab === 'news' && (
            <NewsTab
              userId={userId}
              isOwner={isOwner}
              listsPrivate={profile.status === 'ready' ? profile.data.newsListsPrivate : null}
            />
          )}
          {tab === 'debates' && <DebateTab userId={userId} />}
          {tab === 'follow' && (
            <FollowTab
              followers={followers}
              followees={followees}
              isOwner={isOwner}
              myId={me.userId}
              onReport={(entry) => report(entry.userId, entry.nickname)}
            />
          )}
        </TabPanel>
      </section>
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </main>
  );
}

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="프로필 불러오는 중"
      className="flex flex-col gap-4 rounded-card border border-line p-6"
    >
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="h-7 w-40" />
      <Skeleton className="h-5 w-32" />
      <Skeleton className="h-5 w-full" />
    </div>
  );
}
