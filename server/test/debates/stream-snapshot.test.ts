/**
 * Opening a room's native stream from its snapshot (`mode: snapshot`) over a real STOMP client:
 * on a long room the open gets one snapshot and the tail, a small part of the bytes of the full
 * replay, and batches committed while it is built arrive exactly once.
 */
import {
  roomEventsTopic,
  roomStreamMessageSchema,
  replay,
  snapshotFor,
  snapshotOf,
  SNAPSHOT_MODE,
  STREAM_MODE_HEADER,
  type RoomEvent,
  type RoomStreamMessage,
} from '@toron/engine';
import type { IMessage } from '@stomp/stompjs';
import { describe, expect, it } from 'vitest';
import { actorOf } from '../../src/debates/people.js';
import { ENGINES } from '../support/engines.js';
import type { Session } from '../support/server.js';
import { createRoom, members, sleep, until, useDebateServer } from './support.js';

describe.each(ENGINES)('room snapshots on %s', (engine) => {
  const debate = useDebateServer({}, engine);

  /** A native reader that keeps every message of a room's stream with its size in bytes. */
  async function reader(who: Session, roomId: string, headers: Record<string, string>) {
    const live = await debate.connect('/ws', who.accessToken);
    const messages: RoomStreamMessage[] = [];
    let bytes = 0;
    live.client.subscribe(
      roomEventsTopic(roomId),
      (m: IMessage) => {
        bytes += Buffer.byteLength(m.body);
        messages.push(roomStreamMessageSchema.parse(JSON.parse(m.body)));
      },
      headers,
    );
    return { messages, bytes: () => bytes, live };
  }

  const chatter = async (roomId: string, who: Session) => {
    const { directory } = debate.server.deps.debates;
    const actor = actorOf(
      (await debate.server.deps.storage.users.findById(who.userId))!,
      debate.server.deps.config.publicUrl,
    );
    return {
      observe: () => directory.dispatch(roomId, { type: 'joinAsObserver', actor }),
      chat: (text: string) => directory.dispatch(roomId, { type: 'observerChat', actor, text }),
      stance: (stance: 'PRO' | 'CON') => directory.dispatch(roomId, { type: 'declareStance', actor, stance }),
    };
  };

  describe('the native stream from a snapshot', () => {
    it('sends a long room as its snapshot and tail, each later batch once, in a fraction of the bytes', async () => {
      const [owner, talker, viewer] = (await members(debate.server, 3, '스냅샷')) as [Session, Session, Session];
      const roomId = await createRoom(debate.server, owner.accessToken);
      const talk = await chatter(roomId, talker);
      await talk.observe();
      for (let i = 0; i < 4_000; i++) {
        await talk.chat(`${i} ${'가'.repeat(120)}`);
        if (i % 10 === 0) await talk.stance(i % 20 === 0 ? 'PRO' : 'CON');
      }
      const stored = (await debate.server.deps.storage.roomEvents.load(roomId)).length;

      // The open starts on a cold cache (a fold of the whole log) while the room keeps talking.
      const opened = await reader(viewer, roomId, { [STREAM_MODE_HEADER]: SNAPSHOT_MODE });
      let said = 0;
      const arrived = () => opened.messages.length > 0;
      // Talks until five lines have been said after the snapshot arrived: those come after it in the log.
      for (let after = 0; after < 5;) {
        if (arrived()) after++;
        await talk.chat(`열리는 중 ${said++}`);
        await sleep(2);
      }
      const total = (await debate.server.deps.storage.roomEvents.load(roomId)).length;
      await until(() => {
        const first = opened.messages[0];
        return first?.type === 'RoomSnapshot' && first.seq + opened.messages.length - 1 === total;
      }, 30_000);

      const [snapshot, ...tail] = opened.messages;
      if (snapshot?.type !== 'RoomSnapshot') throw new Error('the stream did not start with a snapshot');
      const events = tail as RoomEvent[];
      expect(events.map((e) => e.seq)).toEqual(
        Array.from({ length: total - snapshot.seq }, (_, i) => snapshot.seq + 1 + i),
      );
      // Every line said during the open is either in the snapshot or in the tail, never both, never missing.
      const log = await debate.server.deps.storage.roomEvents.load(roomId);
      const saidDuring = log.filter((e) => e.type === 'ObserverChatted' && e.text.startsWith('열리는 중'));
      expect(saidDuring).toHaveLength(said);
      expect(saidDuring.filter((e) => e.seq > snapshot.seq).length).toBeGreaterThanOrEqual(5);
      for (const line of saidDuring) {
        const inTail = events.filter((e) => e.seq === line.seq).length;
        const inSnapshot = snapshot.transcript.filter((e) => e.seq === line.seq).length;
        expect(inTail + inSnapshot).toBe(1);
      }
      // The snapshot is the viewer's own fold of the log up to its seq: other viewers' stances stay hidden.
      const upTo = log.filter((e) => e.seq <= snapshot.seq);
      expect(snapshot).toEqual(
        JSON.parse(
          JSON.stringify({ type: 'RoomSnapshot', ...snapshotFor(snapshotOf(upTo), { userId: viewer.userId }) }),
        ),
      );
      expect(snapshot.state.stances).toBeUndefined();
      expect(replay(events, snapshot.state)).toEqual(
        JSON.parse(JSON.stringify(snapshotFor(snapshotOf(log), { userId: viewer.userId }).state)),
      );

      // The same room replayed whole from seq 1, for comparison.
      const whole = await reader(viewer, roomId, { 'from-seq': '1' });
      await until(() => whole.messages.length === total, 60_000);
      const share = opened.bytes() / whole.bytes();
      const inTail = saidDuring.filter((e) => e.seq > snapshot.seq).length;
      expect(share).toBeLessThan(0.2);
      console.log(
        `[snapshot] a ${stored}-event room opened from its snapshot at seq ${snapshot.seq} + ${events.length} events ` +
          `(of ${said} lines said while it opened, ${inTail} in the tail): ` +
          `${(opened.bytes() / 1024).toFixed(0)} KB against ${(whole.bytes() / 1024).toFixed(0)} KB replayed whole ` +
          `(${(share * 100).toFixed(1)} %)`,
      );
    }, 180_000);

    it('opens again from the kept snapshot, brought up to the latest event', async () => {
      const [owner, talker, viewer] = (await members(debate.server, 3, '다시')) as [Session, Session, Session];
      const roomId = await createRoom(debate.server, owner.accessToken);
      const talk = await chatter(roomId, talker);
      await talk.observe();
      await talk.chat('첫 줄');
      const first = await reader(viewer, roomId, { [STREAM_MODE_HEADER]: SNAPSHOT_MODE });
      await until(() => first.messages.length === 1);
      await talk.chat('둘째 줄');
      await until(() => first.messages.length === 2);
      const again = await reader(owner, roomId, { [STREAM_MODE_HEADER]: SNAPSHOT_MODE });
      await until(() => again.messages.length === 1);
      const [snapshot] = again.messages;
      if (snapshot?.type !== 'RoomSnapshot') throw new Error('the stream did not start with a snapshot');
      expect(snapshot.seq).toBe((await debate.server.deps.storage.roomEvents.load(roomId)).length);
      expect(snapshot.transcript.filter((e) => e.type === 'ObserverChatted').map((e) => e.text)).toEqual([
        '첫 줄',
        '둘째 줄',
      ]);
    });
  });
});
