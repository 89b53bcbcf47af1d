import { hasVoted, type RoomEvent, type RoomState } from '@toron/engine';

/** What the room screen shows; the engine's phase plus the client-only moments (intro, spinner). */
export type ScreenKind =
  | 'loading'
  | 'waiting'
  | 'starting'
  | 'intro'
  | 'ongoing'
  | 'voting'
  | 'result'
  | 'replay'
  | 'closed'
  | 'wonByDefault'
  | 'exitOverflowPending'
  | 'exitOverflow'
  | 'abandoned';

/**
 * Client-side moments of the product (docs/product-rules.md#phases), in production milliseconds; rooms scale them like
 * their deadlines.
 */
const INTRO_MS = 2_000;
const EXIT_SPINNER_MS = 2_000;

/** When the event of a type was recorded (server ms), or null. */
function eventTime(log: readonly RoomEvent[], type: RoomEvent['type']): number | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e?.type === type) return e.at;
  }
  return null;
}

/** What the viewer did or saw that changes their screen. */
export interface ScreenViewer {
  readonly me: number | null;
  /** A debater pressed 결과 기다리기 without voting. */
  readonly awaitingResult: boolean;
  /** The room had already ended when the page opened. */
  readonly closedOnArrival: boolean;
}

/** A viewer who did nothing and arrived after the end (the archive's point of view). */
const BYSTANDER: ScreenViewer = { me: null, awaitingResult: false, closedOnArrival: true };

/**
 * The screen for a room state at server time `serverNow`: the 2 s intro after the debate starts,
 * the 2 s spinner after an exit overflow (both scaled with the room's time scale). A voter (or a
 * debater waiting for the result) is on the result screen while the vote runs; a room without a
 * vote that finishes while the viewer is in it turns into its replay (docs/product-rules.md#voting).
 */
export function screenOf(
  state: RoomState,
  log: readonly RoomEvent[],
  serverNow: number,
  viewer: ScreenViewer = BYSTANDER,
): ScreenKind {
  const scaled = (ms: number) => ms * state.timeScale;
  switch (state.phase) {
    case 'unopened':
      return 'loading';
    case 'waiting':
      return 'waiting';
    case 'starting':
      return 'starting';
    case 'debating': {
      const started = eventTime(log, 'DebateStarted');
      return started !== null && serverNow < started + scaled(INTRO_MS) ? 'intro' : 'ongoing';
    }
    case 'voting': {
      const voted = viewer.me !== null && hasVoted(state, viewer.me);
      return voted || viewer.awaitingResult ? 'result' : 'voting';
    }
    case 'closed':
      if (state.result?.kind === 'vote') return 'result';
      return viewer.closedOnArrival ? 'closed' : 'replay';
    case 'wonByDefault':
      return 'wonByDefault';
    case 'exitOverflow': {
      const ended = eventTime(log, 'ExitOverflow');
      return ended !== null && serverNow < ended + scaled(EXIT_SPINNER_MS) ? 'exitOverflowPending' : 'exitOverflow';
    }
    case 'abandoned':
      return 'abandoned';
  }
}

/** Whether a room is a team room (3:3), which changes the walkover and exit texts. */
export function isTeamRoom(state: RoomState): boolean {
  return state.settings?.format === 'T2';
}
