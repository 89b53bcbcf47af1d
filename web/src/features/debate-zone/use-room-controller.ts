import { INITIAL_ROOM_STATE, type RoomInfo, type RoomState, type Side } from '@toron/engine';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { ApiError } from '../../lib/api';
import { paths } from '../../lib/routes';
import { queryKeys, useQueryClient } from '../../lib/server-data';
import type { LiveStatus } from '../../lib/live/connection';
import { useUser } from '../../lib/user-store';
import { showToast } from '../../ui/toast';
import type { ReportRequest } from './report-request';
import {
  arrivalOf,
  arrivalOutcome,
  connectCommand,
  eventOutcome,
  isTicking,
  leaveCommand,
  mySideOf,
  needsCards,
  replyOutcome,
  tableKey,
  voteIntent,
  type ChatCommand,
  type Outcome,
  type Role,
} from './room-controller';
import { cardsById, fetchRoomInfo } from './room-api';
import { screenOf, type ScreenKind } from './screen';
import { stanceFromHistory } from './stance';
import { useRoomSession, useServerNow } from './use-room';
import type { ChatRefusal, RoomActions, RoomViewModel } from './view-model';

/** Everything a live room page renders, once its room info has loaded. */
interface LiveRoom {
  readonly vm: RoomViewModel;
  readonly screen: ScreenKind;
  readonly status: LiveStatus;
  /** The latest text for the live region. */
  readonly announcement: string;
  readonly exitAsked: boolean;
  readonly cancelExit: () => void;
  readonly confirmExit: () => void;
  readonly replaying: boolean;
  readonly closeReplay: () => void;
  readonly reporting: ReportRequest | null;
  readonly closeReport: () => void;
}

// A room the server does not know goes to /not-found (below): its 404 is an answer, not a failure to log.
const liveRoomInfo = (roomId: string) => ({
  queryKey: queryKeys.rooms.live(roomId),
  queryFn: () => fetchRoomInfo(roomId),
  meta: { showsNotFound: true },
});

/** A live room page's room: loading its info, failed to load it (after the cache's retries), or running. */
export type RoomLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly retry: () => void }
  | { readonly status: 'ready'; readonly room: LiveRoom };

/**
 * Runs a live room page: loads the room info (a room the server does not know goes to /not-found),
 * keeps the room session, and carries out what the room controller decides for the connection,
 * each reply and each event (toasts, the way back to the list, the live region, card reloads).
 */
export function useRoomController(roomId: string, role: Role): RoomLoad {
  const me = useUser().userId;
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [info, setInfo] = useState<RoomInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [reporting, setReporting] = useState<ReportRequest | null>(null);
  const [exitAsked, setExitAsked] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [awaitingResult, setAwaitingResult] = useState(false);
  const [closedOnArrival, setClosedOnArrival] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [chatRefusal, setChatRefusal] = useState<ChatRefusal | null>(null);
  // The last text sent by each chat input, handed back to it if the server refuses it.
  const lastSent = useRef<Record<ChatCommand, string>>({ speak: '', 'observer-chat': '' });
  const [wanted, setWanted] = useState<Side | null>(() =>
    role === 'debater' ? stanceFromHistory(window.history.state) : null,
  );
  const latest = useRef<{ wanted: Side | null; closedOnArrival: boolean; offset: number; state: RoomState }>({
    wanted,
    closedOnArrival: false,
    offset: 0,
    state: INITIAL_ROOM_STATE,
  });
  latest.current.wanted = wanted;
  // Places taken again in a row because the room was between nodes, and the timer of the next try.
  const placeRetries = useRef(0);
  const placeRetry = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(placeRetry.current), []);

  const carryOut = (outcome: Outcome | null) => {
    carryOutWith(outcome, setAnnouncement, navigate);
    const refused = outcome?.chatRefused;
    if (refused) {
      setChatRefusal((prev) => ({
        ...refused,
        text: lastSent.current[refused.command],
        id: (prev?.id ?? 0) + 1,
      }));
    }
  };
  const sendChat = (command: ChatCommand, text: string) => {
    lastSent.current[command] = text;
    return session.send(
      command === 'speak' ? { command: 'speak', body: { text } } : { command: 'observer-chat', body: { text } },
    );
  };

  useEffect(() => {
    let live = true;
    setLoadFailed(false);
    queryClient.fetchQuery(liveRoomInfo(roomId)).then(
      (loaded) => {
        if (!live) return;
        const arrival = arrivalOf(loaded, me);
        if (arrival.seatedSide && role === 'debater') setWanted(arrival.seatedSide);
        latest.current.closedOnArrival = arrival.closed;
        setClosedOnArrival(arrival.closed);
        carryOutWith(arrivalOutcome(arrival), setAnnouncement, navigate);
        setInfo(loaded);
      },
      (error: unknown) => {
        if (!live) return;
        // Only a room the server does not know is not found; any other failure may pass.
        if (error instanceof ApiError && error.status === 404) navigate(paths.notFound(), { replace: true });
        else setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [roomId, me, role, navigate, queryClient, attempt]);

  const takePlace = (state: RoomState) => {
    const { closedOnArrival, wanted: side } = latest.current;
    const command = connectCommand({ role, closedOnArrival, me, state, wanted: side });
    if (command) session.send(command);
  };
  const session = useRoomSession(roomId, info !== null, {
    onConnected: (state) => {
      clearTimeout(placeRetry.current);
      takePlace(state);
    },
    onReply: (reply) => {
      const placing = reply.command === 'join' || reply.command === 'observe';
      const outcome = replyOutcome(reply, placeRetries.current);
      if (placing) placeRetries.current = outcome?.retryPlaceInMs === undefined ? 0 : placeRetries.current + 1;
      if (outcome?.retryPlaceInMs !== undefined) {
        clearTimeout(placeRetry.current);
        placeRetry.current = setTimeout(() => takePlace(latest.current.state), outcome.retryPlaceInMs);
      }
      carryOut(outcome);
    },
    onEvent: (event, state) =>
      carryOut(eventOutcome(event, { role, me, state, serverNow: Date.now() - latest.current.offset })),
  });
  latest.current.offset = session.offset;
  const { state, log } = session;
  latest.current.state = state;

  // New faces at the table have no card yet: load the room info again (once per change of faces).
  const table = useMemo(() => tableKey(state), [state]);
  const cardsMissing = info !== null && needsCards(info, state);
  useEffect(() => {
    if (!cardsMissing) return;
    let live = true;
    void fetchRoomInfo(roomId).then(
      (loaded) => live && setInfo(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [cardsMissing, table, roomId]);

  const serverNow = useServerNow(session.offset, isTicking(state));
  const cards = useMemo(() => cardsById(info), [info]);
  if (!info) return loadFailed ? { status: 'failed', retry: () => setAttempt((n) => n + 1) } : { status: 'loading' };

  const actions: RoomActions = {
    chooseSide: (side) => {
      setWanted(side);
      session.send({ command: 'join', body: { side } });
    },
    speak: (text) => sendChat('speak', text),
    observerChat: (text) => sendChat('observer-chat', text),
    vote: (choice) => {
      const intent = voteIntent(state, me, choice);
      if ('send' in intent) return session.send(intent.send);
      carryOut(intent);
      return false;
    },
    declareStance: (stance) => session.send({ command: 'stance', body: { stance } }),
    awaitResult: () => setAwaitingResult(true),
    exit: () => setExitAsked(true),
    goHome: () => navigate(paths.main()),
    openReplay: () => setReplaying(true),
  };
  const vm: RoomViewModel = {
    role,
    roomId,
    me,
    state,
    log,
    info,
    cards,
    serverNow,
    mySide: mySideOf(state, me),
    board: session.board,
    synced: session.synced,
    chatRefusal,
    onReport: (request) => setReporting({ ...request, roomTitle: info.title }),
    actions,
  };
  const room: LiveRoom = {
    vm,
    screen: screenOf(state, log, serverNow, { me, awaitingResult, closedOnArrival }),
    status: session.status,
    announcement,
    exitAsked,
    cancelExit: () => setExitAsked(false),
    confirmExit: () => {
      setExitAsked(false);
      session.send(leaveCommand(role));
      navigate(paths.main());
    },
    replaying,
    closeReplay: () => setReplaying(false),
    reporting,
    closeReport: () => setReporting(null),
  };
  return { status: 'ready', room };
}

/** Carries out an outcome: the live region, a toast, the way back to the room list. */
function carryOutWith(outcome: Outcome | null, announce: (text: string) => void, navigate: (to: string) => void): void {
  if (!outcome) return;
  if (outcome.announce) announce(outcome.announce);
  if (outcome.toast) showToast(outcome.toast.text, outcome.toast.tone);
  if (outcome.backToRooms) navigate(paths.debateRooms());
}
