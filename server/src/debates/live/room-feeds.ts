/**
 * The fan-out of rooms to this process's STOMP subscribers: one PubSub subscription per room that
 * has subscribers here, and each message on it encoded once per audience (batch-frames) before it
 * is spliced into every subscriber's frames: the legacy debate and observer topics, the native
 * stream's readers, who each get the public body of an event or their own copy of it, and the
 * native stance topic's subscribers, who get each stance board.
 *
 * A native reader is attached before its replay (or its snapshot): batches that arrive meanwhile
 * are held, and released once the replay has caught up, dropping what it already sent or what the
 * snapshot already holds (by seq).
 *
 * Across nodes (given the log) each room is followed rather than merely subscribed: its batches
 * reach the feed in seq order, gap- and duplicate-free from the moment the feed opened, and a
 * binding resolves once the feed follows the room. The feed folds each batch into the room's
 * state (KnownStates), so this node reads a followed room's state without replaying its log, and
 * knows which followed rooms to read back when the heads say the bus lost a batch.
 */
import { isTerminal, snapshotFor, type RoomSnapshot, type Viewer } from '@toron/engine';
import type { RoomHeadStore } from '../../cluster/heads.js';
import type { Session, Subscription } from '../../stomp/hooks.js';
import { PreparedBody } from '../../stomp/message-body.js';
import { CloseCode } from '../../stomp/transport.js';
import type { Unsubscribe } from '../../realtime/pubsub.js';
import type { FollowedRoom, KnownStates, TailLog } from '../known-states.js';
import type { RoomMessage, RoomPublisher } from '../room-publisher.js';
import type { Following } from './room-follower.js';
import { bodyFor, legacyFrames, nativeFrames, noticeFrames, type NativeFrame } from './batch-frames.js';

/** A legacy topic of a room. */
export type LegacyTopic = 'debate' | 'observer';

interface Target {
  readonly session: Session;
  readonly subscriptionId: string;
}

/** Events a reader may have held back while its replay waits for it; a reader further behind is closed. */
const MAX_HELD_EVENTS = 10_000;

/** One native reader: sends each event once, in seq order, from `next` on. */
class StreamReader {
  private held: NativeFrame[][] | null = [];
  private heldEvents = 0;

  constructor(
    private readonly target: Target,
    readonly viewer: Viewer,
    /** The next seq this reader needs. */
    public next: number,
  ) {}

  /** Sends frames (a replayed chunk or a released batch), skipping seqs already sent. */
  send(frames: readonly NativeFrame[]): void {
    for (const frame of frames) {
      if (frame.seq < this.next) continue;
      this.next = frame.seq + 1;
      this.target.session.sendPrepared(this.target.subscriptionId, bodyFor(frame, this.viewer));
    }
  }

  /** Starts after a snapshot: sends it as this reader may see it; the events follow from its seq + 1. */
  startAfter(snapshot: RoomSnapshot): void {
    const body = PreparedBody.json({ type: 'RoomSnapshot', ...snapshotFor(snapshot, this.viewer) });
    this.target.session.sendPrepared(this.target.subscriptionId, body);
    this.next = snapshot.seq + 1;
  }

  /** The first seq held back while replaying, if any batch arrived meanwhile. */
  get firstHeldSeq(): number | undefined {
    return this.held?.[0]?.[0]?.seq;
  }

  /** Releases what was held back; from now on batches go out as they arrive. */
  goLive(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const frames of held) this.send(frames);
  }

  receive(frames: readonly NativeFrame[]): void {
    if (!this.held) return this.send(frames);
    this.held.push([...frames]);
    this.heldEvents += frames.length;
    if (this.heldEvents > MAX_HELD_EVENTS) this.target.session.close('연결이 너무 느려 끊었습니다.', CloseCode.policy);
  }
}

class RoomFeed {
  readonly legacy: Record<LegacyTopic, Set<Target>> = { debate: new Set(), observer: new Set() };
  readonly readers = new Set<StreamReader>();
  readonly stance = new Set<Target>();
  /** Settles once the feed hears the room (at once in process). */
  readonly ready: Promise<void>;
  private unsubscribe: Unsubscribe | null = null;
  private following: Following | null = null;
  /** A followed room's state, as of the last batch delivered here. */
  private room: FollowedRoom | null = null;
  private closed = false;

  constructor(
    private readonly roomId: string,
    publisher: RoomPublisher,
    source: FollowSource | undefined,
  ) {
    const hear = (m: RoomMessage) => this.hear(m);
    if (!source) {
      this.unsubscribe = publisher.subscribe(roomId, hear);
      this.ready = Promise.resolve();
      return;
    }
    this.ready = this.follow(publisher, source, hear);
  }

  /** Reads the log for events the bus may have lost (a followed room only). */
  catchUp(): void {
    this.following?.catchUp();
  }

  /** Whether the log holds events this followed room has not delivered yet, given its head (none: the room ended). */
  behind(head: number | undefined): boolean {
    const state = this.room?.state;
    if (!state || !this.following) return false;
    return head === undefined ? !isTerminal(state) : head > state.lastSeq;
  }

  /** Follows from the room's state as logged now; each delivered batch advances it. */
  private async follow(publisher: RoomPublisher, { states, log }: FollowSource, hear: (m: RoomMessage) => void) {
    const room = await states.follow(this.roomId);
    const unfollow = () => states.unfollow(this.roomId, room);
    this.room = room;
    let following: Following;
    try {
      following = await publisher.follow(this.roomId, room.state.lastSeq + 1, log, hear);
    } catch (err) {
      unfollow();
      throw err;
    }
    this.unsubscribe = () => {
      following.stop();
      unfollow();
    };
    if (this.closed) return this.unsubscribe();
    this.following = following;
  }

  get empty(): boolean {
    return this.legacy.debate.size + this.legacy.observer.size + this.readers.size + this.stance.size === 0;
  }

  close(): void {
    this.closed = true;
    this.unsubscribe?.();
  }

  private hear(message: RoomMessage): void {
    if (message.kind === 'notice') return fanOut(this.legacy.debate, noticeFrames(message.body).debate);
    if (message.kind === 'stance') {
      if (this.stance.size > 0) fanOut(this.stance, [PreparedBody.json(message.board)]);
      return;
    }
    this.room?.advance(message.events);
    if (this.legacy.debate.size + this.legacy.observer.size > 0) {
      const legacy = legacyFrames(this.roomId, message.events);
      fanOut(this.legacy.debate, legacy.debate);
      fanOut(this.legacy.observer, legacy.observer);
    }
    if (this.readers.size > 0) {
      const frames = nativeFrames(message.events);
      for (const reader of this.readers) reader.receive(frames);
    }
  }
}

function fanOut(targets: ReadonlySet<Target>, bodies: readonly PreparedBody[]): void {
  if (bodies.length === 0) return;
  for (const { session, subscriptionId } of targets) {
    for (const body of bodies) session.sendPrepared(subscriptionId, body);
  }
}

/** What following rooms needs: the states followed rooms advance, their logs, and the heads that say which moved. */
export interface FollowSource {
  readonly states: KnownStates;
  readonly log: TailLog;
  readonly heads: Pick<RoomHeadStore, 'lastSeqs'>;
}

export class RoomFeeds {
  private readonly feeds = new Map<string, RoomFeed>();

  /** `source` given: rooms are followed (across nodes, where the bus may lose a publication). */
  constructor(
    private readonly publisher: RoomPublisher,
    private readonly source?: FollowSource,
  ) {}

  /** Delivers a legacy topic of the room to this subscription until it ends; resolves once it does. */
  async bindLegacy(session: Session, sub: Subscription, roomId: string, topic: LegacyTopic): Promise<void> {
    if (!sub.active || session.closed) return;
    const target: Target = { session, subscriptionId: sub.id };
    await this.join(
      roomId,
      sub,
      (feed) => feed.legacy[topic].add(target),
      (feed) => feed.legacy[topic].delete(target),
    );
  }

  /** Delivers the room's stance boards to this subscription until it ends; resolves once it does. */
  async bindStance(session: Session, sub: Subscription, roomId: string): Promise<void> {
    if (!sub.active || session.closed) return;
    const target: Target = { session, subscriptionId: sub.id };
    await this.join(
      roomId,
      sub,
      (feed) => feed.stance.add(target),
      (feed) => feed.stance.delete(target),
    );
  }

  /**
   * Attaches a native reader that needs events from `fromSeq` on; batches published from now on
   * are held until its `goLive`. It is detached when the subscription ends (or by the returned function).
   */
  async attachReader(session: Session, sub: Subscription, roomId: string, viewer: Viewer, fromSeq: number) {
    const reader = new StreamReader({ session, subscriptionId: sub.id }, viewer, fromSeq);
    const detach = await this.join(
      roomId,
      sub,
      (feed) => feed.readers.add(reader),
      (feed) => feed.readers.delete(reader),
    );
    return { reader, detach };
  }

  /**
   * Reads the log of a followed room for what the bus may have lost: its last batch when its owner
   * died between commit and publish (after an owner change).
   */
  catchUp(roomId: string): void {
    this.feeds.get(roomId)?.catchUp();
  }

  /**
   * The periodic check for batches the bus lost: one read of the followed rooms' heads, then the
   * log of each room whose head is past what it delivered here (or that ended unseen).
   */
  async checkTails(): Promise<void> {
    if (!this.source || this.feeds.size === 0) return;
    const feeds = [...this.feeds];
    const heads = await this.source.heads.lastSeqs(feeds.map(([roomId]) => roomId));
    for (const [roomId, feed] of feeds) if (feed.behind(heads.get(roomId))) feed.catchUp();
  }

  /** Rooms with at least one subscriber in this process. */
  get roomCount(): number {
    return this.feeds.size;
  }

  private async join(
    roomId: string,
    sub: Subscription,
    add: (f: RoomFeed) => void,
    remove: (f: RoomFeed) => void,
  ): Promise<() => void> {
    const feed = this.feeds.get(roomId) ?? this.open(roomId);
    add(feed);
    let attached = true;
    const detach = () => {
      if (!attached) return;
      attached = false;
      remove(feed);
      if (feed.empty && this.feeds.get(roomId) === feed) this.drop(roomId, feed);
    };
    sub.onEnd(detach);
    try {
      await feed.ready;
    } catch (err) {
      // Not following (the bus is away): the next binding opens the feed again.
      if (this.feeds.get(roomId) === feed) this.drop(roomId, feed);
      detach();
      throw err;
    }
    return detach;
  }

  private open(roomId: string): RoomFeed {
    const feed = new RoomFeed(roomId, this.publisher, this.source);
    this.feeds.set(roomId, feed);
    return feed;
  }

  private drop(roomId: string, feed: RoomFeed): void {
    this.feeds.delete(roomId);
    feed.close();
  }
}
