import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advanceSnapshot,
  EMPTY_SNAPSHOT,
  execute,
  INITIAL_ROOM_STATE,
  STANCES,
  VOTE_CHOICES,
  type Command,
  machineSnapshotOf,
  redactFor,
  redactStateFor,
  replay,
  replayWithMachine,
  roomMachine,
  roomSnapshotMessageSchema,
  snapshotFor,
  snapshotOf,
  TRANSCRIPT_LIMIT,
  type RoomEvent,
  type Viewer,
} from '../src/index.js';
import { createActor } from 'xstate';
import { cmd, history, T0 } from './support/dsl.js';
import { logOf, room } from './support/random-rooms.js';

/** A 1:1 room with six observers where viewers declare stances and everyone may vote, in any order. */
const votingRoom = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 6_000 }),
      kind: fc.constantFrom('stance', 'stance', 'vote', 'vote', 'vote', 'speak', 'chat', 'unobserve', 'observe'),
      user: fc.integer({ min: 1, max: 8 }),
      stance: fc.constantFrom(...STANCES),
      choice: fc.constantFrom(...VOTE_CHOICES),
    }),
    { minLength: 30, maxLength: 120 },
  )
  .map((steps) => {
    let now = T0;
    const commands: Command[] = [cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON')];
    for (let id = 3; id <= 8; id++) commands.push(cmd.observe(id));
    for (const s of steps) {
      now += s.gap;
      if (s.kind === 'stance') commands.push(cmd.stance(s.user, s.stance, now));
      else if (s.kind === 'vote') commands.push(cmd.vote(s.user, s.choice, now));
      else if (s.kind === 'speak') commands.push(cmd.speak(s.user, '발언', now));
      else if (s.kind === 'chat') commands.push(cmd.chat(s.user, '채팅', now));
      else if (s.kind === 'observe') commands.push(cmd.observe(s.user, now));
      else commands.push(cmd.unobserve(s.user, now));
      commands.push(cmd.tick(now));
    }
    commands.push(cmd.tick(now + 10_000_000));
    return accepted(commands);
  });

/** The log of the commands the room accepts, in order (refused ones leave nothing). */
function accepted(commands: readonly Command[]): RoomEvent[] {
  let state = INITIAL_ROOM_STATE;
  const log: RoomEvent[] = [];
  for (const command of commands) {
    const executed = execute(state, command);
    state = executed.state;
    log.push(...executed.events);
  }
  return log;
}

/** A random room's log with a cut in it and a reader (a user of the room, or nobody in particular). */
const cutRoom = fc.oneof(room.map(logOf), votingRoom).chain((log) => {
  return fc.record({
    log: fc.constant(log),
    cut: fc.integer({ min: 0, max: log.length }),
    reader: fc.constantFrom<Viewer>(null, { userId: 1 }, { userId: 2 }, { userId: 5 }, { userId: 8 }),
  });
});

const redactedFor = (log: readonly RoomEvent[], viewer: Viewer) => log.map((e) => redactFor(e, viewer));
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/** Whether the full state knows a ballot's choice or a stance of someone other than the reader. */
function hidesSomething(state: ReturnType<typeof replay>, reader: Viewer): boolean {
  const others = (record: Readonly<Record<string, unknown>> | undefined) =>
    Object.entries(record ?? {}).some(([id, v]) => v !== null && id !== String(reader?.userId));
  return others(state.vote?.ballots) || others(state.stances);
}
let hiding = 0;

describe('room snapshots (fast-check)', () => {
  it('a snapshot at any seq plus the tail replays to exactly the full replay', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(cutRoom, ({ log, cut }) => {
        const snapshot = snapshotOf(log.slice(0, cut));
        expect(snapshot.seq).toBe(cut);
        const resumed = advanceSnapshot(snapshot, log.slice(cut));
        expect(resumed).toEqual(snapshotOf(log));
        expect(resumed.state).toEqual(replay(log));
        // The machine goes on from a snapshot's state exactly as from the start.
        expect(replayWithMachine(log.slice(cut), snapshot.state)).toEqual(replayWithMachine(log));
      }),
      { numRuns: 200 },
    );
  });

  it('tells a reader exactly what their own redacted stream folds to, and nothing more', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(cutRoom, ({ log, cut, reader }) => {
        const theirs = redactedFor(log.slice(0, cut), reader);
        const given = snapshotFor(snapshotOf(log.slice(0, cut)), reader);
        if (hidesSomething(snapshotOf(log.slice(0, cut)).state, reader)) hiding++;
        // Everything in it is what the event stream gives this reader, folded: no ballot or stance more.
        expect(given).toEqual(snapshotOf(theirs));
        expect(redactStateFor(replay(log), reader)).toEqual(replay(redactedFor(log, reader)));
        // The reader's snapshot plus their redacted tail is their redacted full replay.
        expect(advanceSnapshot(given, redactedFor(log.slice(cut), reader))).toEqual(
          snapshotOf(redactedFor(log, reader)),
        );
        // On the wire it parses back to itself.
        const message = { type: 'RoomSnapshot', ...given };
        expect(roomSnapshotMessageSchema.parse(wire(message))).toEqual(wire(message));
      }),
      { numRuns: 200 },
    );
    // The generator must reach snapshots with something to hide, or the property says little.
    expect(hiding).toBeGreaterThan(20);
  });
});

describe('room snapshots', () => {
  it('keep the latest TRANSCRIPT_LIMIT lines of each chat, the debate apart from the observers', () => {
    const chat = Array.from({ length: TRANSCRIPT_LIMIT + 20 }, (_, i) => cmd.chat(3, `채팅 ${i}`));
    const log = history(cmd.open(), cmd.join(1, 'PRO'), cmd.observe(3), ...chat);
    const { transcript } = snapshotOf(log);
    const lines = transcript.filter((e) => e.type === 'ObserverChatted');
    expect(lines).toHaveLength(TRANSCRIPT_LIMIT);
    expect(lines.at(-1)).toMatchObject({ text: `채팅 ${TRANSCRIPT_LIMIT + 19}` });
    expect(transcript.some((e) => e.type === 'ObserverJoined')).toBe(false); // older than the kept lines
    expect(EMPTY_SNAPSHOT.seq).toBe(0);
  });

  it('start an actor of the room machine where the log left it', () => {
    const log = history(cmd.open(), cmd.join(1, 'PRO'), cmd.join(2, 'CON'));
    const actor = createActor(roomMachine, { snapshot: machineSnapshotOf(replay(log.slice(0, 2))) }).start();
    for (const event of log.slice(2)) actor.send(event);
    expect(actor.getSnapshot().context).toEqual(replay(log));
    expect(actor.getSnapshot().value).toBe('starting');
  });
});
