import { replay, type RoomEvent, type RoomState, type Side } from '@toron/engine';

/** A point on the replay timeline where a turn starts (or the vote opens). */
export interface Marker {
  readonly at: number;
  readonly kind: 'turn' | 'vote';
  /** 0-based turn index for turns. */
  readonly turnIndex: number;
  readonly side: Side | null;
}

export interface Timeline {
  readonly start: number;
  readonly end: number;
  readonly markers: readonly Marker[];
}

export const REPLAY_SPEEDS = [1, 2, 4, 8] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/**
 * The timeline of a room log: from recruitment's end (or the first event) to the last event,
 * with a marker per turn and one where the vote opens.
 */
export function timelineOf(events: readonly RoomEvent[]): Timeline {
  const first = events.find((e) => e.type === 'RecruitmentCompleted') ?? events[0];
  const start = first?.at ?? 0;
  const end = Math.max(start, events.at(-1)?.at ?? start);
  const markers: Marker[] = [];
  for (const e of events) {
    if (e.type === 'TurnStarted') markers.push({ at: e.at, kind: 'turn', turnIndex: e.index, side: e.side });
    else if (e.type === 'VotingOpened') markers.push({ at: e.at, kind: 'vote', turnIndex: -1, side: null });
  }
  return { start, end, markers };
}

/** How many events of the log had happened at time `t` (events are in time order). */
export function eventCountAt(events: readonly RoomEvent[], t: number): number {
  let n = 0;
  while (n < events.length && (events[n]?.at ?? Infinity) <= t) n++;
  return n;
}

/** The room as it was at time `t`: the engine's replay of the events up to then. */
export function stateAt(
  events: readonly RoomEvent[],
  t: number,
): { readonly state: RoomState; readonly log: readonly RoomEvent[] } {
  const log = events.slice(0, eventCountAt(events, t));
  return { state: replay(log), log };
}

/** The first marker after `t`, or null at the last one. */
export function nextMarker(markers: readonly Marker[], t: number): Marker | null {
  return markers.find((m) => m.at > t) ?? null;
}

/** The last marker before `t` (at a marker: the one before it), or null before the first. */
export function previousMarker(markers: readonly Marker[], t: number): Marker | null {
  for (let i = markers.length - 1; i >= 0; i--) {
    const m = markers[i];
    if (m && m.at < t) return m;
  }
  return null;
}

/** The playhead after `elapsedMs` of wall time at `speed`, stopped at the end. */
export function advance(t: number, elapsedMs: number, speed: number, timeline: Timeline): number {
  return Math.min(timeline.end, t + elapsedMs * speed);
}

/** One step of the position slider, in ms of the room's time. */
const SCRUB_STEP_MS = 50;

/**
 * The position slider counts whole steps from the timeline's start, its last step standing for the end itself: a
 * range input rounds its value to a whole step, so a slider in ms would stop short of the room's last event (its
 * ending), and the playhead written back to it would jump back a step.
 */
export function scrubSteps(timeline: Timeline): number {
  return Math.ceil((timeline.end - timeline.start) / SCRUB_STEP_MS);
}

/** The slider step of a playhead: the whole steps since the start, the last step at the end. */
export function stepAt(t: number, timeline: Timeline): number {
  return t >= timeline.end ? scrubSteps(timeline) : Math.max(0, Math.floor((t - timeline.start) / SCRUB_STEP_MS));
}

/** The playhead of a slider step: the last step is the end. */
export function timeAtStep(step: number, timeline: Timeline): number {
  return Math.min(timeline.end, timeline.start + step * SCRUB_STEP_MS);
}

/** Where a time sits on the timeline, 0–100 %. */
export function percentOf(t: number, timeline: Timeline): number {
  const span = timeline.end - timeline.start;
  return span <= 0 ? 100 : Math.min(100, Math.max(0, ((t - timeline.start) / span) * 100));
}
