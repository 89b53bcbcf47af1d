import type { EventOf, RoomEvent } from '../events/schema.js';
import type { Side } from '../settings/codes.js';
import type { RoomState } from '../state/room-state.js';
import { isoString } from '../time/iso.js';
import type { LegacyBody } from '../wire/legacy.js';
import { joinedText, LEGACY_TEXTS, leftText } from './texts.js';

/** A body for /topic/debate/{roomId} or /topic/observer/{roomId}. */
export interface LegacyMessage {
  readonly topic: 'debate' | 'observer';
  readonly body: LegacyBody;
}

const debate = (body: LegacyBody): LegacyMessage => ({ topic: 'debate', body });
const turnText = (side: Side): string => (side === 'PRO' ? LEGACY_TEXTS.proTurn : LEGACY_TEXTS.conTurn);
const bothTopics = (body: LegacyBody): LegacyMessage[] => [debate(body), { topic: 'observer', body }];

const closedText = (outcome: EventOf<'VotingClosed'>['outcome']): string =>
  outcome === 'PRO' ? LEGACY_TEXTS.proWon : outcome === 'CON' ? LEGACY_TEXTS.conWon : LEGACY_TEXTS.draw;

function messagesOf(roomId: string, e: RoomEvent): LegacyMessage[] {
  switch (e.type) {
    case 'DebaterJoined':
    case 'DebaterReconnected':
      return [debate({ event: 'user_joined', roomId, userName: e.nickname, message: joinedText(e.nickname) })];
    case 'DebaterLeft':
      return [debate({ event: 'user_left', roomId, userName: e.nickname, message: leftText(e.nickname) })];
    case 'RecruitmentCompleted':
      return [debate({ event: 'NOTIFICATION', message: LEGACY_TEXTS.debateStartsSoon })];
    case 'DebateStarted':
      return [debate({ event: 'STATUS', status: 'DEBATE', message: LEGACY_TEXTS.debateStarted })];
    case 'TurnStarted':
      // PRO's first turn begins with STATUS DEBATE; every later turn is announced.
      if (e.index === 0) return [];
      return [debate({ event: 'TURN', turn: e.side, message: turnText(e.side) })];
    case 'Spoke':
      return [
        debate({
          event: 'MESSAGE',
          userName: e.nickname,
          imageUrl: e.imageUrl,
          position: e.side === 'PRO' ? 'pro' : 'con',
          message: e.text,
          timestamp: isoString(e.at),
        }),
      ];
    case 'ObserverChatted':
      return [
        {
          topic: 'observer',
          body: {
            event: 'MESSAGE',
            userName: e.nickname,
            imageUrl: e.imageUrl,
            position: 'observer',
            message: e.text,
            timestamp: isoString(e.at),
          },
        },
      ];
    case 'DebateEnded':
      return [debate({ event: 'NOTIFICATION', message: LEGACY_TEXTS.voteStartsSoon })];
    case 'VotingOpened':
      return [debate({ event: 'STATUS', status: 'VOTING', message: LEGACY_TEXTS.voteStarted })];
    case 'VotingClosed':
      return [
        debate({ event: 'NOTIFICATION', message: LEGACY_TEXTS.voteEnded }),
        debate({ event: 'STATUS', status: 'CLOSED', message: closedText(e.outcome) }),
      ];
    case 'RoomClosed':
      return [debate({ event: 'STATUS', status: 'CLOSED', message: LEGACY_TEXTS.allEnded })];
    case 'WonByDefault':
      return bothTopics({ event: 'WIN_BY_DEFAULT', roomId, winner: e.winner });
    case 'ExitOverflow':
      return bothTopics({ event: 'EXIT_OVERFLOW_NULL', roomId });
    default:
      // Observers, disconnects inside the grace, ballots, shifts and abandonment say nothing to the old client.
      return [];
  }
}

/**
 * The legacy STOMP messages a batch of a room's events produces, in order, with the exact texts
 * the original client matches on.
 */
export function legacyMessages(roomId: string, events: readonly RoomEvent[]): LegacyMessage[] {
  return events.flatMap((e) => messagesOf(roomId, e));
}

/**
 * What a debater's session needs to resume a room past waiting after it (re)subscribes: the
 * messages that brought a client to the room's current screen, in their order and texts, with the
 * current turn: during the countdown its NOTIFICATION; during the debate that NOTIFICATION, STATUS
 * DEBATE and a TURN naming the side speaking now; during the vote its NOTIFICATION and STATUS
 * VOTING. Nothing while waiting or after the end.
 */
export function legacyResumption(state: RoomState): LegacyBody[] {
  const starting: LegacyBody = { event: 'NOTIFICATION', message: LEGACY_TEXTS.debateStartsSoon };
  switch (state.phase) {
    case 'starting':
      return [starting];
    case 'debating':
      return [
        starting,
        { event: 'STATUS', status: 'DEBATE', message: LEGACY_TEXTS.debateStarted },
        ...(state.turn ? [{ event: 'TURN', turn: state.turn.side, message: turnText(state.turn.side) } as const] : []),
      ];
    case 'voting':
      return [
        { event: 'NOTIFICATION', message: LEGACY_TEXTS.voteStartsSoon },
        { event: 'STATUS', status: 'VOTING', message: LEGACY_TEXTS.voteStarted },
      ];
    default:
      return [];
  }
}

/** The `error` event that tells a refused joiner's client to leave (it matches kickedUserName). */
export function legacyRejection(
  roomId: string,
  kickedUserName: string,
  rejection: { readonly message: string },
): LegacyBody {
  return { event: 'error', roomId, kickedUserName, message: rejection.message };
}
