/**
 * What a batch of a room's events becomes on the wire, encoded once per audience (pure: events
 * in, JSON bodies out). Each body is then spliced into every recipient's MESSAGE frame as is.
 *
 * - Native stream: one body per event for every reader, plus, for an event that reads differently
 *   for one reader (a voter's own ballot with its choice, see `privateReaderOf`), that reader's copy.
 * - Legacy topics: the bodies of `legacyMessages`, per topic, in order.
 */
import {
  legacyMessages,
  privateReaderOf,
  redactFor,
  type LegacyBody,
  type RoomEvent,
  type Viewer,
} from '@toron/engine';
import { PreparedBody } from '../../stomp/message-body.js';

/** One event of the native stream, encoded for its readers. */
export interface NativeFrame {
  readonly seq: number;
  /** The event as every reader but `own.userId` sees it. */
  readonly shared: PreparedBody;
  /** The one reader who sees it differently, with their copy. */
  readonly own?: { readonly userId: number; readonly body: PreparedBody };
}

/** The native stream's frames of a batch, in seq order. */
export function nativeFrames(events: readonly RoomEvent[]): NativeFrame[] {
  return events.map((event) => {
    const shared = PreparedBody.json(redactFor(event, null));
    const reader = privateReaderOf(event);
    if (reader === null) return { seq: event.seq, shared };
    return {
      seq: event.seq,
      shared,
      own: { userId: reader, body: PreparedBody.json(redactFor(event, { userId: reader })) },
    };
  });
}

/** The body of `frame` for one reader: the same bytes as encoding `redactFor(event, viewer)`. */
export function bodyFor(frame: NativeFrame, viewer: Viewer): PreparedBody {
  return frame.own && frame.own.userId === viewer?.userId ? frame.own.body : frame.shared;
}

/** The legacy bodies of a batch, per topic, in order. */
export interface LegacyFrames {
  readonly debate: readonly PreparedBody[];
  readonly observer: readonly PreparedBody[];
}

/** The legacy topics' bodies of a batch (docs/wire-contract.md#legacy-events), each encoded once. */
export function legacyFrames(roomId: string, events: readonly RoomEvent[]): LegacyFrames {
  const debate: PreparedBody[] = [];
  const observer: PreparedBody[] = [];
  for (const message of legacyMessages(roomId, events)) {
    (message.topic === 'debate' ? debate : observer).push(PreparedBody.json(message.body));
  }
  return { debate, observer };
}

/** A body published outside any batch (a rejoin's `user_joined`, a refused join's `error`), for the debate topic. */
export function noticeFrames(body: LegacyBody): LegacyFrames {
  return { debate: [PreparedBody.json(body)], observer: [] };
}
