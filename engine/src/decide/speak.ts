import type { CommandOf } from '../commands/schema.js';
import type { OpenRoomState } from '../state/room-state.js';
import { isObserving, seatOf } from '../state/seats.js';
import { accept, refuse, type Verdict } from './decision.js';
import type { RejectionCode } from './rejection.js';
import { textLength } from '../text/length.js';
import { visibleText } from '../text/visible-text.js';

/** Longest chat message, in characters (code points, docs/product-rules.md#text-length). */
export const MAX_MESSAGE_LENGTH = 500;

/** The visible text (trimmed, no invisible or bidirectional control characters), or the reason it cannot be sent. */
function checkText(text: string): { readonly text: string } | { readonly refuse: RejectionCode } {
  const trimmed = visibleText(text);
  if (trimmed.length === 0) return { refuse: 'EMPTY_MESSAGE' };
  if (textLength(trimmed) > MAX_MESSAGE_LENGTH) return { refuse: 'MESSAGE_TOO_LONG' };
  return { text: trimmed };
}

/** A debater speaks: only during the debate, and only the side that holds the turn. */
export function decideSpeak(state: OpenRoomState, cmd: CommandOf<'speak'>): Verdict {
  const seat = seatOf(state, cmd.actor.userId);
  if (!seat) return refuse('NOT_A_DEBATER');
  if (state.phase !== 'debating' || !state.turn) return refuse('WRONG_PHASE');
  if (state.turn.side !== seat.side) return refuse('NOT_YOUR_TURN');
  const checked = checkText(cmd.text);
  if ('refuse' in checked) return checked;
  const { userId, nickname, imageUrl } = cmd.actor;
  return accept({
    type: 'Spoke',
    userId,
    nickname,
    imageUrl,
    side: seat.side,
    turnIndex: state.turn.index,
    text: checked.text,
  });
}

/** An observer chats with the other observers, in any phase before the end. */
export function decideObserverChat(state: OpenRoomState, cmd: CommandOf<'observerChat'>): Verdict {
  if (!isObserving(state, cmd.actor.userId)) return refuse('NOT_AN_OBSERVER');
  const checked = checkText(cmd.text);
  if ('refuse' in checked) return checked;
  const { userId, nickname, imageUrl } = cmd.actor;
  return accept({ type: 'ObserverChatted', userId, nickname, imageUrl, text: checked.text });
}
