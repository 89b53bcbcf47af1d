/** Korean messages of every rejection, by stable code. */
export const REJECTION_MESSAGES = {
  ROOM_NOT_OPENED: '존재하지 않는 토론방이에요.',
  ROOM_ALREADY_OPENED: '이미 개설된 토론방이에요.',
  INVALID_SETTINGS: '토론방 설정을 다시 확인해 주세요.',
  ROOM_CLOSED: '이미 완료된 토론 방입니다.',
  ROOM_NOT_RECRUITING: '이미 토론이 시작되어 토론자로 참여할 수 없어요.',
  SIDE_FULL: '선택한 입장의 자리가 모두 찼어요.',
  ALREADY_SEATED: '이미 토론자로 참여하고 있어요.',
  SEATED_ON_OTHER_SIDE: '이미 반대 입장의 토론자로 참여하고 있어요.',
  ALREADY_OBSERVING: '이미 참관하고 있어요. 참관을 마친 뒤에 토론자로 참여해 주세요.',
  NOT_A_DEBATER: '이 토론방의 토론자가 아니에요.',
  NOT_AN_OBSERVER: '이 토론방을 참관하고 있지 않아요.',
  NOT_YOUR_TURN: '발언 시간이 아닙니다.',
  WRONG_PHASE: '지금은 할 수 없는 요청이에요.',
  VOTE_NOT_OPEN: '지금은 투표 시간이 아니에요.',
  ALREADY_VOTED: '이미 투표권을 행사하셨습니다.',
  NOT_IN_ROOM: '이 토론방의 토론자나 참관자만 투표할 수 있어요.',
  EMPTY_MESSAGE: '메시지를 입력하세요.',
  MESSAGE_TOO_LONG: '메시지는 500자까지 보낼 수 있어요.',
  NOT_DISCONNECTED: '이미 연결되어 있어요.',
  ALREADY_DISCONNECTED: '이미 연결이 끊긴 상태예요.',
  STANCE_LOCKED: '투표가 시작되어 이제 입장을 바꿀 수 없어요.',
  STANCE_NOT_FOR_DEBATERS: '토론자는 입장을 표시하지 않아요. 참관자들의 입장 비율은 볼 수 있어요.',
  // Never decided by the engine: the server that runs the room did not answer (docs/wire-contract.md#error-codes).
  ROOM_UNAVAILABLE: '토론방에 잠시 연결할 수 없어요. 잠시 후 다시 시도해 주세요.',
} as const;

/** A stable rejection code. */
export type RejectionCode = keyof typeof REJECTION_MESSAGES;

/** Every rejection code. */
export const REJECTION_CODES = Object.keys(REJECTION_MESSAGES) as RejectionCode[];

/** A refused command: a stable code and a polite Korean message. */
export interface Rejection {
  readonly code: RejectionCode;
  readonly message: string;
}

/** The rejection with this code and its message. */
export function rejection(code: RejectionCode): Rejection {
  return { code, message: REJECTION_MESSAGES[code] };
}
