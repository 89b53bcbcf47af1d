import {
  hasVoted,
  isOpen,
  seatOf,
  shownDebaters,
  totalTurns,
  type NativeReply,
  type RoomEvent,
  type RoomInfo,
  type RoomState,
  type Side,
  type VoteChoice,
} from '@toron/engine';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Redirect, useLocation, useParams } from 'wouter';
import { paths } from '../../app/routes';
import { useUser } from '../../lib/user-store';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { showToast } from '../../ui/toast';
import { announcementOf } from './announce';
import { ConnectionBanner, LiveAnnouncer } from './LiveAnnouncer';
import { cardsById, fetchRoomInfo, isRoomId } from './room-api';
import type { ReportDialogComponent, ReportRequest } from './report-request';
import { RoomScreen } from './RoomScreen';
import { screenOf } from './screen';
import { stanceFromHistory } from './stance';
import { useRoomSession, useServerNow } from './use-room';
import type { RoomActions, RoomViewModel } from './view-model';

export const ALREADY_VOTED_NOTICE = '이미 투표권을 행사하셨습니다';
export const CLOSED_ROOM_NOTICE = '이미 완료된 토론 방입니다';
// Refusals of a join that send the user back to the room list (kicked or refused).
const LIVE_MS = 5_000;

type Role = RoomViewModel['role'];

/** /debate-zone/{id} and /observing-zone/{id}: a bad id goes to /not-found, a good one loads the room. */
export function RoomPage({ role, ReportDialog }: { role: Role; ReportDialog: ReportDialogComponent }) {
  const { roomId = '' } = useParams<{ roomId: string }>();
  if (!isRoomId(roomId)) return <Redirect to={paths.notFound()} replace />;
  return <LoadedRoom key={`${role}:${roomId}`} roomId={roomId.toLowerCase()} role={role} ReportDialog={ReportDialog} />;
}

function LoadedRoom({
  roomId,
  role,
  ReportDialog,
}: {
  roomId: string;
  role: Role;
  ReportDialog: ReportDialogComponent;
}) {
  const me = useUser().userId;
  const [, navigate] = useLocation();
  const [info, setInfo] = useState<RoomInfo | null>(null);
  const [reporting, setReporting] = useState<ReportRequest | null>(null);
  const [confirmExit, setConfirmExit] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [wanted, setWanted] = useState<Side | null>(() =>
    role === 'debater' ? stanceFromHistory(window.history.state) : null,
  );
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  const closedOnArrival = useRef(false);
  const offsetRef = useRef(0);

  useEffect(() => {
    let live = true;
    fetchRoomInfo(roomId).then(
      (loaded) => {
        if (!live) return;
        const seated =
          me === null
            ? undefined
            : loaded.proUsers.some((u) => u.id === me)
              ? 'PRO'
              : loaded.conUsers.some((u) => u.id === me)
                ? 'CON'
                : undefined;
        if (seated && role === 'debater') setWanted(seated);
        if (loaded.status === 'CLOSED') {
          closedOnArrival.current = true;
          showToast(CLOSED_ROOM_NOTICE, 'info');
        }
        setInfo(loaded);
      },
      () => {
        if (live) navigate(paths.notFound(), { replace: true });
      },
    );
    return () => {
      live = false;
    };
  }, [roomId, me, role, navigate]);

  const session = useRoomSession(roomId, info !== null, {
    onConnected: (state: RoomState) => {
      if (closedOnArrival.current) return;
      if (role === 'observer') {
        session.send({ command: 'observe' });
        return;
      }
      const side = (me !== null ? seatOf(state, me)?.side : undefined) ?? wantedRef.current;
      if (side) session.send({ command: 'join', body: { side } });
    },
    onReply: (reply: NativeReply) => handleReply(reply),
    onEvent: (event: RoomEvent) => {
      if (Date.now() - offsetRef.current - event.at > LIVE_MS) return; // replayed history is not read out
      const said = announcementOf(event, isOpen(session.state) ? totalTurns(session.state.settings) : 0);
      if (said) setAnnouncement(said);
      if (
        event.type === 'DebaterLeft' &&
        event.userId === me &&
        event.reason === 'grace-expired' &&
        role === 'debater'
      ) {
        showToast('연결이 오래 끊겨 토론에서 나가게 되었어요.', 'error');
        navigate(paths.debateRooms());
      }
    },
  });
  offsetRef.current = session.offset;

  function handleReply(reply: NativeReply) {
    if (reply.ok) return;
    const message = reply.message;
    if (reply.code === 'ROOM_CLOSED') {
      showToast(CLOSED_ROOM_NOTICE, 'info');
      return;
    }
    if (reply.command === 'join' || reply.command === 'observe') {
      showToast(message, 'error');
      navigate(paths.debateRooms());
      return;
    }
    if (reply.code === 'ALREADY_VOTED') showToast(ALREADY_VOTED_NOTICE, 'info');
    else if (reply.command !== 'leave' && reply.command !== 'unobserve') showToast(message, 'error');
  }

  const { state, log } = session;
  const rosterKey = useMemo(() => {
    const shown = shownDebaters(state);
    return [...shown.PRO, ...shown.CON].map((m) => m.userId).join(',');
  }, [state]);
  // New faces at the table: reload the cards (records) like the original reloads room info on user_joined.
  useEffect(() => {
    if (!info || rosterKey === '') return;
    const known = cardsById(info);
    if (rosterKey.split(',').every((id) => known.has(Number(id)))) return;
    let live = true;
    void fetchRoomInfo(roomId).then(
      (loaded) => live && setInfo(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [rosterKey, info, roomId]);

  const ticking = ['starting', 'debating', 'voting', 'exitOverflow'].includes(state.phase);
  const serverNow = useServerNow(session.offset, ticking);
  const cards = useMemo(() => cardsById(info), [info]);
  const mySide = me !== null ? (seatOf(state, me)?.side ?? null) : null;

  const actions: RoomActions = {
    chooseSide: (side) => {
      setWanted(side);
      session.send({ command: 'join', body: { side } });
    },
    speak: (text) => session.send({ command: 'speak', body: { text } }),
    observerChat: (text) => session.send({ command: 'observer-chat', body: { text } }),
    vote: (choice: VoteChoice) => {
      if (me !== null && hasVoted(state, me)) {
        showToast(ALREADY_VOTED_NOTICE, 'info');
        return;
      }
      session.send({ command: 'vote', body: { choice } });
    },
    exit: () => setConfirmExit(true),
    goHome: () => navigate(paths.main()),
    openReplay: () => setReplaying(true),
  };

  const leave = () => {
    setConfirmExit(false);
    session.send({ command: role === 'debater' ? 'leave' : 'unobserve' });
    navigate(paths.main());
  };

  if (!info) {
    return (
      <main id="main" className="flex min-h-dvh items-center justify-center bg-[#0b1220] text-white" aria-busy="true">
        <p role="status" className="text-sm">
          토론방을 불러오는 중…
        </p>
      </main>
    );
  }
  const vm: RoomViewModel = {
    role,
    roomId,
    me,
    state,
    log,
    info,
    cards,
    serverNow,
    mySide,
    onReport: setReporting,
    actions,
  };
  return (
    <>
      <ConnectionBanner visible={session.status === 'reconnecting' || session.status === 'offline'} />
      <LiveAnnouncer message={announcement} />
      <RoomScreen
        vm={vm}
        screen={screenOf(state, log, serverNow)}
        replaying={replaying}
        onCloseReplay={() => setReplaying(false)}
      />
      <ConfirmDialog
        open={confirmExit}
        message="정말로 나가시겠습니까?"
        confirmLabel="나가기"
        tone="danger"
        onConfirm={leave}
        onCancel={() => setConfirmExit(false)}
      />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
