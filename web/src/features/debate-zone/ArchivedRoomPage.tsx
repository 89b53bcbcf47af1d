import { archive, replay, shownDebaters, type ArchiveEntry, type RoomEvent, type RoomInfo } from '@toron/engine';
import { useMemo, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { ApiError } from '../../lib/api';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/routes';
import { formatDateTime, formatTime, isoOf } from '../../lib/dates';
import { queryKeys, useQuery, viewOf } from '../../lib/server-data';
import { useUser } from '../../lib/user-store';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OutcomeSummary } from '../../ui/Outcome';
import { cx } from '../../ui/cx';
import { FailedScreen } from '../../ui/FailedScreen';
import { ShareButton } from '../../ui/ShareButton';
import { SideTag } from '../../ui/SideTag';
import { TabPanel, Tabs } from '../../ui/Tabs';
import { ParticipantList } from './ParticipantList';
import { ReplayPlayer } from './ReplayPlayer';
import { PersuasionPanel } from './stances/PersuasionPanel';
import { useRoomPersuasion } from './stances/persuasion-api';
import { cardsById, fetchRoomEvents, fetchRoomInfo, isRoomId } from './room-api';
import { RoomInfoToggle } from './RoomInfoToggle';
import type { ReportDialogComponent, ReportRequest } from './report-request';
import { archiveShare } from './share-targets';

/** /archived-room/{roomId}: a finished room's outcome, people, its two logs and the replay player. */
export function ArchivedRoomPage({ ReportDialog }: { ReportDialog: ReportDialogComponent }) {
  const { roomId = '' } = useParams<{ roomId: string }>();
  if (!isRoomId(roomId)) return <Redirect to={paths.notFound()} replace />;
  return <Archived key={roomId} roomId={roomId.toLowerCase()} ReportDialog={ReportDialog} />;
}

/** The server's refusal of the archive of a room that has not ended (it answers 409 ROOM_NOT_FINISHED). */
const isStillLive = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'ROOM_NOT_FINISHED';

function Archived({ roomId, ReportDialog }: { roomId: string; ReportDialog: ReportDialogComponent }) {
  const [, navigate] = useLocation();
  const query = useQuery({
    queryKey: queryKeys.rooms.archive(roomId),
    queryFn: () => Promise.all([fetchRoomInfo(roomId), fetchRoomEvents(roomId)]),
    meta: { showsNotFound: true },
  });
  const loaded = viewOf(query);
  // Only a room the server does not know is not found; any other failure may pass, so it offers a retry.
  if (loaded.status === 'failed' && loaded.missing !== null) return <Redirect to={paths.notFound()} replace />;
  // A room still going on has no archive yet: trying again cannot help, watching it live can.
  if (loaded.status === 'failed' && isStillLive(query.error)) {
    return (
      <FailedScreen
        text={query.error.message}
        onRetry={() => navigate(paths.observingZone(roomId))}
        retryLabel="참관하러 가기"
        away={{ href: paths.debateRooms(), label: '토론방 목록으로' }}
      />
    );
  }
  if (loaded.status === 'failed') {
    return (
      <FailedScreen
        text="지난 토론을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
        onRetry={() => void query.refetch()}
        away={{ href: paths.debateRooms(), label: '토론방 목록으로' }}
      />
    );
  }
  if (loaded.status === 'loading') {
    return (
      <main id="main" className="page-width flex flex-1 items-center justify-center py-20" aria-busy="true">
        <p role="status" className="text-sm text-ink-muted">
          지난 토론을 불러오는 중…
        </p>
      </main>
    );
  }
  const [info, events] = loaded.data;
  return <ArchivedView roomId={roomId} info={info} events={events} ReportDialog={ReportDialog} />;
}

function ArchivedView({
  roomId,
  info,
  events,
  ReportDialog,
}: {
  roomId: string;
  info: RoomInfo;
  events: readonly RoomEvent[];
  ReportDialog: ReportDialogComponent;
}) {
  const me = useUser().userId;
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<'debate' | 'observe'>('debate');
  const [confirmExit, setConfirmExit] = useState(false);
  const [reporting, setReporting] = useState<ReportRequest | null>(null);
  const report = (request: ReportRequest) => setReporting({ ...request, roomTitle: info.title });
  const final = useMemo(() => replay(events), [events]);
  const logs = useMemo(() => archive(events), [events]);
  usePageTitle(info.title);
  const cards = useMemo(() => cardsById(info), [info]);
  const persuasion = useRoomPersuasion(roomId, true);
  const shown = shownDebaters(final);
  const seated = (side: 'PRO' | 'CON') => shown[side].map((m) => ({ ...m, seated: true }));
  return (
    <main id="main" className="page-width flex flex-col gap-4 py-6">
      <header className="flex flex-wrap items-center gap-2">
        <div className="flex min-w-0 grow basis-60 flex-col gap-1.5">
          <h1 className="text-xl font-bold leading-tight">{info.title}</h1>
          {info.outcome && <OutcomeSummary outcome={info.outcome} />}
        </div>
        <RoomInfoToggle info={info} />
        <ShareButton target={archiveShare(info)} />
        <button
          type="button"
          onClick={() => setConfirmExit(true)}
          className="min-h-11 rounded-lg px-3 text-sm font-semibold text-danger hover:bg-danger-soft"
        >
          나가기
        </button>
      </header>
      <div className="grid gap-4 lg:grid-cols-[16rem_1fr]">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 lg:content-start">
          <ParticipantList side="PRO" debaters={seated('PRO')} cards={cards} me={me} onReport={report} />
          <ParticipantList side="CON" debaters={seated('CON')} cards={cards} me={me} onReport={report} />
          {persuasion.data && (
            <PersuasionPanel persuasion={persuasion.data} className="rounded-xl bg-paper p-3 ring-1 ring-line" />
          )}
        </div>
        <ReplayPlayer
          events={events}
          roomId={roomId}
          me={me}
          onReport={report}
          stances={persuasion.data?.timeline}
          className="h-[40rem]"
        />
      </div>
      <section aria-label="지난 토론 기록" className="flex flex-col gap-3">
        <Tabs
          label="기록 보기"
          idPrefix="archive"
          tabs={[
            { id: 'debate', label: '토론' },
            { id: 'observe', label: '참관' },
          ]}
          active={tab}
          onChange={setTab}
          className="lg:hidden"
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <TabPanel idPrefix="archive" id="debate" className={cx(tab === 'debate' ? 'block' : 'hidden', 'lg:block')}>
            <LogList title="토론 기록" entries={logs.debateLog} empty="토론 발언이 없어요" />
          </TabPanel>
          <TabPanel idPrefix="archive" id="observe" className={cx(tab === 'observe' ? 'block' : 'hidden', 'lg:block')}>
            <LogList title="참관 채팅 기록" entries={logs.observerLog} empty="참관자 채팅이 없어요" />
          </TabPanel>
        </div>
      </section>
      <ConfirmDialog
        open={confirmExit}
        message="정말로 나가시겠습니까?"
        confirmLabel="나가기"
        tone="danger"
        onConfirm={() => navigate(paths.main())}
        onCancel={() => setConfirmExit(false)}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </main>
  );
}

/** One archived log, newest first (as the server's U7 lists it). */
function LogList({ title, entries, empty }: { title: string; entries: readonly ArchiveEntry[]; empty: string }) {
  return (
    <div className="rounded-xl bg-paper p-3 ring-1 ring-line">
      <h2 className="px-1 pb-2 text-base font-bold">
        {title} <span className="tabular text-sm text-ink-muted">{entries.length}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="px-1 py-4 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ol className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto">
          {entries.map((e, i) => (
            <li key={`${e.createdAt}-${i}`} className="flex gap-3 rounded-lg px-1 py-2">
              <Avatar src={e.profileUrl} alt="" size="sm" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-1.5 text-xs text-ink-muted">
                  {e.position !== 'NO_POSITION' && <SideTag side={e.position} />}
                  <span className="font-semibold text-ink">{e.nickname}</span>
                  <time className="tabular" dateTime={isoOf(e.createdAt)} title={formatDateTime(e.createdAt)}>
                    {formatTime(e.createdAt)}
                  </time>
                </p>
                <p className="user-text mt-0.5 text-[0.9375rem]">{e.content}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
