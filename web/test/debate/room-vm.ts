import { replay, type RoomEvent, type RoomInfo } from '@toron/engine';
import type { ChatRefusal, RoomActions, RoomViewModel } from '../../src/features/debate-zone/view-model';
import { mySideOf } from '../../src/features/debate-zone/room-controller';

const noop = () => {};
const actions: RoomActions = {
  chooseSide: noop,
  speak: () => true,
  observerChat: () => true,
  vote: () => true,
  awaitResult: noop,
  exit: noop,
  goHome: noop,
  openReplay: noop,
  declareStance: () => true,
};

/** A room screen's view model for `me` as debater or observer, from a recorded log up to some event. */
export function roomVm(
  log: readonly RoomEvent[],
  p: {
    role: 'debater' | 'observer';
    me: number;
    serverNow?: number;
    actions?: Partial<RoomActions>;
    chatRefusal?: ChatRefusal;
    /** False: the stream's snapshot has not arrived yet (the log is not the member's own view). */
    synced?: boolean;
  },
): RoomViewModel {
  const state = replay(log);
  const settings = state.settings!;
  const info: RoomInfo = {
    roomId: state.roomId,
    uuid: state.roomId,
    title: settings.title,
    description: settings.description,
    memberNumberType: settings.format === 'T1' ? 1 : 3,
    categoryType: settings.category,
    continentType: settings.continent,
    newsUrl: null,
    status: 'DEBATE',
    timeType: settings.secondsPerTurn,
    speakCountType: settings.turnsPerSide,
    resultEnabled: settings.resultEnabled,
    proUsers: [],
    conUsers: [],
    outcome: null,
  };
  return {
    role: p.role,
    roomId: state.roomId,
    me: p.me,
    state,
    log,
    info,
    cards: new Map(),
    serverNow: p.serverNow ?? state.lastAt,
    mySide: mySideOf(state, p.me),
    chatRefusal: p.chatRefusal ?? null,
    board: null,
    synced: p.synced ?? true,
    onReport: noop,
    actions: { ...actions, ...p.actions },
  };
}
