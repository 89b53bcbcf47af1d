import type { RoomEvent } from '../events/schema.js';
import type { Side } from '../settings/codes.js';
import { isoString } from '../time/iso.js';

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

/** An archived log entry (U7): content, who said it, their side (NO_POSITION for observers), ISO time. */
export interface ArchiveEntry {
  readonly nickname: string;
  readonly position: Side | 'NO_POSITION';
  readonly content: string;
  readonly profileUrl: string | null;
  readonly createdAt: string;
}

/** The archive of a room: the debate log and the observer chat log, newest first. */
export function archive(events: readonly RoomEvent[]): {
  readonly debateLog: ArchiveEntry[];
  readonly observerLog: ArchiveEntry[];
} {
  const { debate, observers } = chatLines(events);
  const entry = (l: ChatLine): ArchiveEntry => ({
    nickname: l.nickname,
    position: l.side === 'OBSERVER' ? 'NO_POSITION' : l.side,
    content: l.text,
    profileUrl: l.imageUrl,
    createdAt: isoString(l.at),
  });
  return { debateLog: debate.map(entry).reverse(), observerLog: observers.map(entry).reverse() };
}
