import type { RoomEvent } from '../events/schema.js';
import type { Side } from '../settings/codes.js';
import type { BySide, Member, RoomState } from '../state/room-state.js';
import { seatOf } from '../state/seats.js';
import { chatLines, type ChatLine } from './chat.js';
import { recordOf, type RecordOutcome } from './records.js';
import { shownDebaters } from './room-info.js';
import { screenBase, type ScreenBase } from './screen.js';

/** A debater as screens list them. */
export interface DebaterCard extends Member {
  /** Still holding the seat (a leaver stays on the roster but is no longer seated). */
  readonly seated: boolean;
}

/** What a debater's screen needs. */
export interface DebaterView extends ScreenBase {
  readonly mySide: Side | null;
  readonly connected: boolean;
  readonly isMyTurn: boolean;
  readonly canSpeak: boolean;
  readonly myRecord: RecordOutcome | null;
  readonly debaters: BySide<readonly DebaterCard[]>;
  readonly chat: readonly ChatLine[];
}

/** What an observer's screen needs: no seat, no connection states, no private ballots. */
export interface ObserverView extends ScreenBase {
  readonly observing: boolean;
  readonly debaters: BySide<readonly DebaterCard[]>;
  readonly chat: readonly ChatLine[];
  readonly observerChat: readonly ChatLine[];
}

function cards(state: RoomState): BySide<readonly DebaterCard[]> {
  const shown = shownDebaters(state);
  const card =
    (side: Side) =>
    (m: Member): DebaterCard => ({
      userId: m.userId,
      nickname: m.nickname,
      imageUrl: m.imageUrl,
      seated: state.seats[side].some((s) => s.userId === m.userId),
    });
  return { PRO: shown.PRO.map(card('PRO')), CON: shown.CON.map(card('CON')) };
}

/** The debater screen of one user, from the room state and (for the chat) its log. */
export function debaterView(state: RoomState, userId: number, log: readonly RoomEvent[] = []): DebaterView {
  const seat = seatOf(state, userId);
  const base = screenBase(state, userId);
  const isMyTurn = seat !== undefined && base.turn?.side === seat.side;
  return {
    ...base,
    mySide: seat?.side ?? null,
    connected: seat !== undefined && seat.graceEndsAt === null,
    isMyTurn,
    canSpeak: isMyTurn && seat?.graceEndsAt === null,
    myRecord: recordOf(state, userId),
    debaters: cards(state),
    chat: chatLines(log).debate,
  };
}

/** The observer screen of one user, from the room state and (for the chats) its log. */
export function observerView(state: RoomState, userId: number, log: readonly RoomEvent[] = []): ObserverView {
  const { debate, observers } = chatLines(log);
  return {
    ...screenBase(state, userId),
    observing: state.observers.some((o) => o.userId === userId),
    debaters: cards(state),
    chat: debate,
    observerChat: observers,
  };
}
