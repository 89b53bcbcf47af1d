import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Rejection, RejectionCode } from '@toron/engine';
import { ApiError } from '../http/envelope.js';

const STATUS: Partial<Record<RejectionCode, ContentfulStatusCode>> = {
  ROOM_NOT_OPENED: 404,
  ROOM_CLOSED: 409,
  ALREADY_VOTED: 409,
  VOTE_NOT_OPEN: 409,
  WRONG_PHASE: 409,
  ROOM_NOT_RECRUITING: 409,
  SIDE_FULL: 409,
  NOT_IN_ROOM: 403,
  NOT_A_DEBATER: 403,
  NOT_AN_OBSERVER: 403,
  ROOM_UNAVAILABLE: 503,
};

/** An engine rejection as an HTTP refusal: stable code, Korean message, a 4xx status (503: the room's node is away). */
export function refusal(rejection: Rejection): ApiError {
  return new ApiError(STATUS[rejection.code] ?? 400, rejection.code, rejection.message);
}

/** 404 for a room id nobody opened. */
export const roomNotFound = (): ApiError => new ApiError(404, 'ROOM_NOT_FOUND', '존재하지 않는 토론방입니다.');
