import { replay, snapshotOf, type RoomEvent } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/lib/live/backoff';
import { logWithSnapshot, resumeHeaders, seqVerdict } from '../../src/lib/live/seq-continuity';
import {
  advance,
  eventCountAt,
  nextMarker,
  percentOf,
  previousMarker,
  scrubSteps,
  stateAt,
  stepAt,
  timeAtStep,
  timelineOf,
} from '../../src/features/debate-zone/replay-timeline';
import { screenOf } from '../../src/features/debate-zone/screen';
import { recordedLog } from './recorded';

/** What a client applies from what it receives, following the verdicts (a gap asks for a resubscription). */
function applyAll(lastSeq: number, received: readonly number[]): { applied: number[]; resubscribeFrom: number[] } {
  const applied: number[] = [];
  const resubscribeFrom: number[] = [];
  let last = lastSeq;
  for (const seq of received) {
    const verdict = seqVerdict(last, seq);
    if (verdict === 'next') applied.push((last = seq));
    else if (verdict === 'gap') resubscribeFrom.push(Number(resumeHeaders(last)['from-seq']));
  }
  return { applied, resubscribeFrom };
}

describe('resync after a reconnect', () => {
  it('resumes from the last applied seq + 1', () => {
    expect(resumeHeaders(0)).toEqual({ 'from-seq': '1' });
    expect(resumeHeaders(41)).toEqual({ 'from-seq': '42' });
  });

  it('drops what replay and live deliver twice', () => {
    // Applied 1..5; after the reconnect the server replays 4..7 (an overlap) then goes live with 7, 8.
    expect(applyAll(5, [4, 5, 6, 7, 7, 8])).toEqual({ applied: [6, 7, 8], resubscribeFrom: [] });
  });

  it('refuses to skip: a gap is not applied and asks for the stream from the last seq + 1', () => {
    const first = applyAll(5, [6, 9, 10]);
    expect(first).toEqual({ applied: [6], resubscribeFrom: [7, 7] });
    // The resubscription replays 7.. and the sequence continues with no hole.
    expect(applyAll(6, [7, 8, 9, 10]).applied).toEqual([7, 8, 9, 10]);
  });
});

describe('a snapshot in the log', () => {
  const log = recordedLog('one-on-one-vote');
  const message = (upTo: number) => ({ type: 'RoomSnapshot' as const, ...snapshotOf(log.slice(0, upTo)) });

  it('opens with the transcript: the chats of the whole log up to the snapshot', () => {
    const snapshot = message(log.length);
    expect(logWithSnapshot([], snapshot)).toEqual(snapshot.transcript);
  });

  it('keeps what was received before a reconnect and adds what the transcript holds after it', () => {
    const cut = Math.floor(log.length / 2);
    const merged = logWithSnapshot(log.slice(0, cut), message(log.length));
    expect(merged.slice(0, cut)).toEqual(log.slice(0, cut));
    expect(merged.slice(cut)).toEqual(message(log.length).transcript.filter((e) => e.seq > cut));
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially up to the cap, with jitter in [d/2, d]', () => {
    const opts = { baseMs: 500, maxMs: 8_000 };
    expect(backoffDelay(0, opts, () => 0)).toBe(250);
    expect(backoffDelay(0, opts, () => 1)).toBe(500);
    expect(backoffDelay(3, opts, () => 1)).toBe(4_000);
    expect(backoffDelay(10, opts, () => 1)).toBe(8_000);
    expect(backoffDelay(10, opts, () => 0)).toBe(4_000);
  });
});

describe('replay scrubbing', () => {
  const log = recordedLog('one-on-one-vote');
  const timeline = timelineOf(log);
  const turns = log.filter((e): e is Extract<RoomEvent, { type: 'TurnStarted' }> => e.type === 'TurnStarted');

  it('spans recruitment to the last event with a marker per turn and one for the vote', () => {
    expect(timeline.start).toBe(log.find((e) => e.type === 'RecruitmentCompleted')!.at);
    expect(timeline.end).toBe(log.at(-1)!.at);
    expect(timeline.markers.filter((m) => m.kind === 'turn').map((m) => m.turnIndex)).toEqual(
      turns.map((t) => t.index),
    );
    expect(timeline.markers.at(-1)?.kind).toBe('vote');
    expect(percentOf(timeline.start, timeline)).toBe(0);
    expect(percentOf(timeline.end, timeline)).toBe(100);
  });

  it('shows the room as the engine replays it up to the playhead', () => {
    const second = turns[1]!;
    const { state, log: upTo } = stateAt(log, second.at);
    expect(state.phase).toBe('debating');
    expect(state.turn).toMatchObject({ index: 1, side: 'CON' });
    expect(upTo).toHaveLength(eventCountAt(log, second.at));
    expect(state).toEqual(replay(log.slice(0, upTo.length)));
    expect(upTo.every((e) => e.at <= second.at)).toBe(true);
    expect(stateAt(log, timeline.end).state).toEqual(replay(log));
  });

  it('moves turn by turn: next goes to the following marker, previous to the one before the playhead', () => {
    const [m0, m1, m2] = timeline.markers;
    expect(nextMarker(timeline.markers, timeline.start)).toEqual(m0);
    expect(nextMarker(timeline.markers, m0!.at)).toEqual(m1);
    expect(previousMarker(timeline.markers, m2!.at)).toEqual(m1);
    expect(previousMarker(timeline.markers, m2!.at + 1)).toEqual(m2);
    expect(previousMarker(timeline.markers, m0!.at)).toBeNull();
    expect(nextMarker(timeline.markers, timeline.end)).toBeNull();
  });

  it('scrubs in whole steps whose last one is the end, the last event included', () => {
    // A span that is no whole number of steps: the last step still reaches the room's ending.
    const odd = { ...timeline, end: timeline.start + 1_234 };
    expect(scrubSteps(odd)).toBe(25);
    expect(timeAtStep(scrubSteps(odd), odd)).toBe(odd.end);
    expect(stepAt(odd.end, odd)).toBe(25);
    expect(stepAt(odd.end - 1, odd)).toBe(24);
    expect(timeAtStep(24, odd)).toBe(odd.start + 1_200);
    expect(stepAt(odd.start, odd)).toBe(0);
    expect(stepAt(timeAtStep(7, odd), odd)).toBe(7);
    expect(stateAt(log, timeAtStep(scrubSteps(timeline), timeline)).state).toEqual(replay(log));
  });

  it('plays at the chosen speed and stops at the end', () => {
    expect(advance(timeline.start, 1_000, 4, timeline)).toBe(timeline.start + 4_000);
    expect(advance(timeline.end - 10, 1_000, 8, timeline)).toBe(timeline.end);
  });
});

describe('screen of a room', () => {
  it('shows the intro for 2 s after the debate starts, then the debate', () => {
    const log = recordedLog('one-on-one-vote');
    const started = log.find((e) => e.type === 'DebateStarted')!;
    const upTo = log.slice(0, log.indexOf(started) + 2);
    const state = replay(upTo);
    expect(screenOf(state, upTo, started.at + 1_999 * state.timeScale)).toBe('intro');
    expect(screenOf(state, upTo, started.at + 2_000 * state.timeScale)).toBe('ongoing');
    expect(screenOf(replay(log.slice(0, 2)), log.slice(0, 2), 0)).toBe('waiting');
    expect(screenOf(replay(log), log, Infinity)).toBe('result');
  });

  it('a spinner for 2 s after an exit overflow, then the text; walkovers and quiet endings apart', () => {
    const overflow = recordedLog('exit-overflow');
    const at = overflow.find((e) => e.type === 'ExitOverflow')!.at;
    const state = replay(overflow);
    expect(screenOf(state, overflow, at + 1)).toBe('exitOverflowPending');
    expect(screenOf(state, overflow, at + 2_000 * state.timeScale)).toBe('exitOverflow');
    expect(screenOf(replay(recordedLog('walkover')), recordedLog('walkover'), Infinity)).toBe('wonByDefault');
    expect(screenOf(replay(recordedLog('three-on-three-no-vote')), [], 0)).toBe('closed');
    expect(screenOf(replay(recordedLog('abandoned')), [], 0)).toBe('abandoned');
  });

  it('a voter (or a debater waiting for the result) sees the result state while the vote runs', () => {
    const log = recordedLog('one-on-one-vote');
    const ballot = log.findIndex((e) => e.type === 'Voted' && e.userId === 6);
    const upTo = log.slice(0, ballot + 1);
    const state = replay(upTo);
    expect(state.phase).toBe('voting');
    const viewer = { awaitingResult: false, closedOnArrival: false };
    expect(screenOf(state, upTo, Infinity, { ...viewer, me: 6 })).toBe('result');
    expect(screenOf(state, upTo, Infinity, { ...viewer, me: 7 })).toBe('voting');
    expect(screenOf(state, upTo, Infinity, { ...viewer, me: 2, awaitingResult: true })).toBe('result');
  });

  it('STATUS CLOSED: a room without a vote that finishes under the viewer turns into its replay', () => {
    const log = recordedLog('three-on-three-no-vote');
    const state = replay(log);
    expect(screenOf(state, log, Infinity, { me: 2, awaitingResult: false, closedOnArrival: false })).toBe('replay');
    expect(screenOf(state, log, Infinity, { me: 2, awaitingResult: false, closedOnArrival: true })).toBe('closed');
  });
});
