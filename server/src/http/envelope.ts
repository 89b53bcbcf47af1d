import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The success body (docs/wire-contract.md#envelope). */
export type Ok<T> = { status: '성공'; message: null; data: T };
/** The error body: the same envelope with a Korean message and a stable code. */
export type Failure = { status: '오류'; message: string; code: string };

/**
 * A refusal: thrown anywhere in a request, answered by the error handler as the error
 * envelope with this status, Korean message and stable code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    /** Extra response headers (e.g. `Retry-After` on a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Builds the success body. */
export function okBody<T>(data: T): Ok<T> {
  return { status: '성공', message: null, data };
}

/** Builds the error body. */
export function failBody(code: string, message: string): Failure {
  return { status: '오류', message, code };
}

/** Answers with the error envelope (for places that cannot throw, e.g. hooks). */
export function fail(c: Context, status: ContentfulStatusCode, code: string, message: string): Response {
  return c.json(failBody(code, message), status);
}

/** Common refusals, so the same words mean the same thing everywhere. */
export const errors = {
  validation: (message = '요청 형식이 올바르지 않습니다.') => new ApiError(400, 'VALIDATION_FAILED', message),
  unauthorized: (code = 'UNAUTHORIZED', message = '로그인이 필요합니다.') => new ApiError(401, code, message),
  forbidden: (message = '권한이 없습니다.') => new ApiError(403, 'FORBIDDEN', message),
  notFound: (code = 'NOT_FOUND', message = '요청한 대상을 찾을 수 없습니다.') => new ApiError(404, code, message),
};
