import { FROM_SEQ_HEADER, type RoomEvent, type RoomSnapshot } from '@toron/engine';

/**
 * Where an incoming event stands against the last one applied: the next one, one already seen
 * (replay and live overlap after a resubscription), or one past a hole in the sequence.
 */
export type SeqVerdict = 'next' | 'duplicate' | 'gap';

/** Events carry seq 1, 2, 3…; only `lastSeq + 1` may be applied. */
export function seqVerdict(lastSeq: number, seq: number): SeqVerdict {
  if (seq <= lastSeq) return 'duplicate';
  return seq === lastSeq + 1 ? 'next' : 'gap';
}

/** The `from-seq` header that resumes a stream right after the last applied event. */
export function resumeHeaders(lastSeq: number): Record<string, string> {
  return { [FROM_SEQ_HEADER]: String(lastSeq + 1) };
}

/**
 * The log after a snapshot arrives: what was received up to it, then the transcript's events after
 * that (all of it on the first open; after a reconnect, what happened while away).
 */
export function logWithSnapshot(
  log: readonly RoomEvent[],
  snapshot: Pick<RoomSnapshot, 'seq' | 'transcript'>,
): readonly RoomEvent[] {
  const kept = log.filter((e) => e.seq <= snapshot.seq);
  const last = kept.at(-1)?.seq ?? 0;
  return [...kept, ...snapshot.transcript.filter((e) => e.seq > last)];
}
