import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import {
  machineSnapshotOf,
  roomMachine,
  roomStanceTopic,
  stanceBoardSchema,
  STOMP_ENDPOINTS,
  type NativeCommand,
  type NativeReply,
  type RoomEvent,
  type RoomSnapshotMessage,
  type RoomState,
  type StanceBoard,
} from '@toron/engine';
import { useSelector } from '@xstate/react';
import { createActor, type Actor } from 'xstate';
import { useEffect, useRef, useState } from 'react';
import { createLiveConnection, type LiveConnection, type LiveStatus } from '../../lib/live/connection';
import { openRoomStream, type RoomStream } from '../../lib/live/room-stream';
import { logWithSnapshot } from '../../lib/live/seq-continuity';
import { clockOffset, UNKNOWN_CLOCK, withEvent, type ClockEstimate } from '../../lib/live/server-clock';
import { measureClock } from './room-api';

export interface RoomSessionOptions {
  /** Called on every (re)connection once the stream is subscribed again: rejoin, observe again. */
  readonly onConnected: (state: RoomState) => void;
  readonly onReply: (reply: NativeReply) => void;
  readonly onEvent?: (event: RoomEvent, state: RoomState) => void;
}

export interface RoomSession {
  /** The room as the engine's machine folded it from the stream. */
  readonly state: RoomState;
  /** The events received, in seq order, from the snapshot's transcript on (for the chats and the screen's moments). */
  readonly log: readonly RoomEvent[];
  readonly status: LiveStatus;
  /** Local clock minus server clock, in ms. */
  readonly offset: number;
  /** The room's live stance board (counts only, coalesced by the server), null before the first. */
  readonly board: StanceBoard | null;
  /**
   * Whether `state` is the room as this member's own stream gives it: a snapshot redacted for them has arrived.
   * Before that the state knows nothing of their own stance or ballot (no stance is not yet "none declared").
   */
  readonly synced: boolean;
  readonly send: (command: NativeCommand) => boolean;
}

const IDLE = atom<LiveStatus>('connecting');

type RoomActor = Actor<typeof roomMachine>;
const startedActor = (snapshot?: RoomSnapshotMessage): RoomActor =>
  createActor(roomMachine, snapshot ? { snapshot: machineSnapshotOf(snapshot.state) } : {}).start();

/**
 * One live room on the native endpoint: the engine's room machine (via @xstate/react) started from
 * the room's snapshot on every (re)subscription and fed with the events after it, gap- and
 * duplicate-free, plus the server clock offset. `enabled` false keeps it closed (room info still loading).
 */
export function useRoomSession(roomId: string, enabled: boolean, options: RoomSessionOptions): RoomSession {
  const [actor, setActor] = useState(startedActor);
  const current = useRef(actor);
  const state = useSelector(actor, (s) => s.context);
  const [log, setLog] = useState<readonly RoomEvent[]>([]);
  const [conn, setConn] = useState<LiveConnection | null>(null);
  const [board, setBoard] = useState<StanceBoard | null>(null);
  const [synced, setSynced] = useState(false);
  const [clock, setClock] = useState<ClockEstimate>(UNKNOWN_CLOCK);
  const stream = useRef<RoomStream | null>(null);
  const opts = useRef(options);
  opts.current = options;

  useEffect(() => {
    let live = true;
    void measureClock().then((est) => {
      if (live) setClock((c) => ({ ...c, low: est.low, high: est.high }));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const connection = createLiveConnection({ path: STOMP_ENDPOINTS.native });
    const roomStream = openRoomStream(connection, roomId, {
      onSnapshot: (snapshot) => {
        current.current.stop();
        current.current = startedActor(snapshot);
        setActor(current.current);
        setSynced(true);
        setLog((prev) => logWithSnapshot(prev, snapshot));
      },
      onEvent: (event) => {
        const receivedAt = Date.now();
        current.current.send(event);
        setLog((prev) => [...prev, event]);
        setClock((c) => {
          const next = withEvent(c, event.at, receivedAt);
          return next.skew === c.skew ? c : next;
        });
        opts.current.onEvent?.(event, current.current.getSnapshot().context);
      },
      onReply: (reply) => opts.current.onReply(reply),
    });
    const off = connection.onConnected(() => opts.current.onConnected(current.current.getSnapshot().context));
    const offBoard = connection.subscribe(roomStanceTopic(roomId), stanceBoardSchema, setBoard);
    stream.current = roomStream;
    setConn(connection);
    return () => {
      off();
      offBoard();
      roomStream.close();
      // Leaving the page by any other way than the exit button (Back, a typed address) is not giving
      // up the seat: a dropped connection keeps it for the reconnect grace (docs/product-rules.md#exits).
      connection.abandon();
      stream.current = null;
    };
  }, [roomId, enabled]);

  const status = useStore(conn?.$status ?? IDLE);
  return {
    state,
    log,
    status,
    offset: clockOffset(clock),
    board,
    synced,
    send: (command) => stream.current?.send(command) ?? false,
  };
}

/**
 * Server time now, rendering again every `intervalMs` while `active`. The clock is read at each
 * render, so the first frame of a countdown already shows the time left (no value kept from
 * before the countdown began).
 */
export function useServerNow(offset: number, active = true, intervalMs = 200): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((n) => n + 1), intervalMs);
    return () => {
      clearInterval(timer);
    };
  }, [active, intervalMs]);
  return Date.now() - offset;
}
