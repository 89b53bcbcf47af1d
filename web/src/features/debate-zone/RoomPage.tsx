import { Redirect, useParams } from 'wouter';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/routes';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FailedScreen } from '../../ui/FailedScreen';
import { ConnectionBanner, LiveAnnouncer } from './LiveAnnouncer';
import { exitPrompt } from './exit-prompt';
import { isRoomId } from './room-api';
import type { Role } from './room-controller';
import type { ReportDialogComponent } from './report-request';
import { RoomScreen } from './RoomScreen';
import { useRoomController } from './use-room-controller';

/** /debate-zone/{id} and /observing-zone/{id}: a bad id goes to /not-found, a good one loads the room. */
export function RoomPage({ role, ReportDialog }: { role: Role; ReportDialog: ReportDialogComponent }) {
  const { roomId = '' } = useParams<{ roomId: string }>();
  if (!isRoomId(roomId)) return <Redirect to={paths.notFound()} replace />;
  return (
    <LiveRoomPage key={`${role}:${roomId}`} roomId={roomId.toLowerCase()} role={role} ReportDialog={ReportDialog} />
  );
}

function LiveRoomPage({
  roomId,
  role,
  ReportDialog,
}: {
  roomId: string;
  role: Role;
  ReportDialog: ReportDialogComponent;
}) {
  const load = useRoomController(roomId, role);
  usePageTitle(load.status === 'ready' ? load.room.vm.info.title : undefined);
  if (load.status === 'failed') {
    return (
      <FailedScreen
        text="토론방을 불러오지 못했습니다. 잠시 후 다시 시도해 주세요."
        onRetry={load.retry}
        away={{ href: paths.debateRooms(), label: '토론방 목록으로' }}
      />
    );
  }
  if (load.status === 'loading') {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center bg-[#0b1220] text-white" aria-busy="true">
        <p role="status" className="text-sm">
          토론방을 불러오는 중…
        </p>
      </main>
    );
  }
  const { room } = load;
  return (
    <>
      <ConnectionBanner visible={room.status === 'reconnecting' || room.status === 'offline'} />
      <LiveAnnouncer message={room.announcement} />
      <RoomScreen vm={room.vm} screen={room.screen} replaying={room.replaying} onCloseReplay={room.closeReplay} />
      <ConfirmDialog
        open={room.exitAsked}
        message={exitPrompt(room.vm.state, room.vm.role)}
        confirmLabel="나가기"
        tone="danger"
        onConfirm={room.confirmExit}
        onCancel={room.cancelExit}
      />
      <ReportDialog target={room.reporting} onClose={room.closeReport} />
    </>
  );
}
