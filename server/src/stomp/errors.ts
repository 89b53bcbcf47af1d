/** Typed protocol errors: the only thing the codec and session ever throw on bad input. */

export type StompErrorCode =
  | 'MALFORMED_FRAME'
  | 'INVALID_COMMAND'
  | 'INVALID_HEADER'
  | 'INVALID_ESCAPE'
  | 'INVALID_UTF8'
  | 'INVALID_CONTENT_LENGTH'
  | 'HEADER_LINE_TOO_LONG'
  | 'TOO_MANY_HEADERS'
  | 'BODY_TOO_LARGE'
  | 'FRAME_TOO_LARGE'
  | 'BUFFER_OVERFLOW'
  | 'NOT_CONNECTED'
  | 'ALREADY_CONNECTED'
  | 'UNSUPPORTED_VERSION'
  | 'UNKNOWN_COMMAND'
  | 'MISSING_HEADER'
  | 'DUPLICATE_SUBSCRIPTION'
  | 'TOO_MANY_SUBSCRIPTIONS'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'CONNECT_TIMEOUT'
  | 'TOO_MANY_USER_CONNECTIONS'
  | 'TOO_MANY_ADDRESS_CONNECTIONS';

/** The Korean text shown to a client in the ERROR frame's `message` header. */
const MESSAGES: Record<StompErrorCode, string> = {
  MALFORMED_FRAME: '잘못된 STOMP 프레임입니다.',
  INVALID_COMMAND: '알 수 없는 STOMP 명령입니다.',
  INVALID_HEADER: '잘못된 STOMP 헤더입니다.',
  INVALID_ESCAPE: '헤더에 허용되지 않는 이스케이프가 있습니다.',
  INVALID_UTF8: 'UTF-8로 해석할 수 없는 헤더입니다.',
  INVALID_CONTENT_LENGTH: 'content-length 헤더가 잘못되었습니다.',
  HEADER_LINE_TOO_LONG: '헤더 줄이 너무 깁니다.',
  TOO_MANY_HEADERS: '헤더가 너무 많습니다.',
  BODY_TOO_LARGE: '본문이 너무 큽니다.',
  FRAME_TOO_LARGE: '프레임이 너무 큽니다.',
  BUFFER_OVERFLOW: '처리되지 않은 데이터가 너무 많습니다.',
  NOT_CONNECTED: 'CONNECT 프레임을 먼저 보내야 합니다.',
  ALREADY_CONNECTED: '이미 연결된 세션입니다.',
  UNSUPPORTED_VERSION: '지원하지 않는 STOMP 버전입니다. 1.2, 1.1, 1.0 중 하나로 연결해 주세요.',
  UNKNOWN_COMMAND: '지원하지 않는 STOMP 명령입니다.',
  MISSING_HEADER: '필수 헤더가 없습니다.',
  DUPLICATE_SUBSCRIPTION: '이미 사용 중인 구독 id입니다.',
  TOO_MANY_SUBSCRIPTIONS: '구독이 너무 많습니다.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 연결해 주세요.',
  UNAUTHENTICATED: '인증이 필요합니다. 다시 로그인해 주세요.',
  CONNECT_TIMEOUT: '연결 요청 시간이 초과되었습니다.',
  TOO_MANY_USER_CONNECTIONS: '동시에 열린 연결이 너무 많습니다. 다른 창이나 기기의 연결을 닫은 뒤 다시 시도해 주세요.',
  TOO_MANY_ADDRESS_CONNECTIONS: '이 주소에서 열린 연결이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
};

/** A violation of the STOMP protocol or of this server's limits; it ends the offending connection. */
export class StompProtocolError extends Error {
  override readonly name = 'StompProtocolError';
  /** Korean text for the client. */
  readonly userMessage: string;

  constructor(
    readonly code: StompErrorCode,
    detail?: string,
    userMessage?: string,
    /** A finer stable code for the client than `code` (why a CONNECT was refused: `ACCOUNT_SUSPENDED` …). */
    readonly reason?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.userMessage = userMessage ?? MESSAGES[code];
  }
}
