import type { RoomEvent } from '../events/schema.js';
import type { Side } from '../settings/codes.js';
import { isoString } from '../time/iso.js';
import type { ArchiveEntry } from '../wire/rooms.js';

/** One chat line as a live screen shows it. */
export interface ChatLine {
  readonly seq: number;
  readonly at: number;
  readonly userId: number;
  readonly nickname: string;
  readonly imageUrl: string | null;
  readonly side: Side | 'OBSERVER';
  readonly text: string;
}

/** The chat of a room's log, oldest first: debaters' speech and observers' chat apart. */
export function chatLines(events: readonly RoomEvent[]): {
  readonly debate: ChatLine[];
  readonly observers: ChatLine[];
} {
  const debate: ChatLine[] = [];
  const observers: ChatLine[] = [];
  for (const e of events) {
    if (e.type === 'Spoke') debate.push(line(e, e.side));
    else if (e.type === 'ObserverChatted') observers.push(line(e, 'OBSERVER'));
  }
  return { debate, observers };
}

type Said = Extract<RoomEvent, { type: 'Spoke' | 'ObserverChatted' }>;
const line = (e: Said, side: ChatLine['side']): ChatLine => ({
  seq: e.seq,
  at: e.at,
  userId: e.userId,
  nickname: e.nickname,
  imageUrl: e.imageUrl,
  side,
  text: e.text,
});

/** A chat line as the archive (U7) shows it. */
export function archiveEntry(line: ChatLine): ArchiveEntry {
  return {
    nickname: line.nickname,
    position: line.side === 'OBSERVER' ? 'NO_POSITION' : line.side,
    content: line.text,
    profileUrl: line.imageUrl,
    createdAt: isoString(line.at),
  };
}

/** The archive of a room: the debate log and the observer chat log, newest first. */
export function archive(events: readonly RoomEvent[]): {
  readonly debateLog: ArchiveEntry[];
  readonly observerLog: ArchiveEntry[];
} {
  const { debate, observers } = chatLines(events);
  return { debateLog: debate.map(archiveEntry).reverse(), observerLog: observers.map(archiveEntry).reverse() };
}
