import type { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import type { AppEnv } from './context.js';
import { ApiError, failBody } from './envelope.js';

const byStatus: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', '요청 형식이 올바르지 않습니다.'],
  401: ['UNAUTHORIZED', '로그인이 필요합니다.'],
  403: ['FORBIDDEN', '권한이 없습니다.'],
  404: ['NOT_FOUND', '잘못된 경로입니다.'],
  405: ['METHOD_NOT_ALLOWED', '허용되지 않은 요청 방식입니다.'],
  413: ['PAYLOAD_TOO_LARGE', '요청 본문이 너무 큽니다.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', '지원하지 않는 요청 형식입니다.'],
};

/** Turns a hono route pattern (`/a/:id`, `/a/:id{[0-9]+}`, `/a/*`) into an anchored regex. */
function patternToRegex(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      const param = /^:\w+(?:\{(.+)\})?\??$/.exec(seg);
      if (param) return param[1] ? `(?:${param[1]})` : '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/**
 * Installs the one error handler: refusals → their envelope, hono's own HTTP errors
 * (malformed JSON, …) → a 4xx envelope, anything else → a logged 500 with a generic message.
 * Unknown paths answer 404, known paths with another method 405, both in the envelope.
 */
export function installErrorHandling(app: Hono<AppEnv>, logger: Logger): void {
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      // An oversized body may still be arriving: tell the client this connection ends here.
      if (err.status === 413) c.header('Connection', 'close');
      for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
      return c.json(failBody(err.code, err.message), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const [code, message] = byStatus[err.status] ?? byStatus[400]!;
      const malformed = /json/i.test(err.message);
      return c.json(
        failBody(malformed ? 'MALFORMED_JSON' : code, malformed ? 'JSON 형식이 올바르지 않습니다.' : message),
        err.status,
      );
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, 'unhandled error');
    return c.json(failBody('INTERNAL_ERROR', '서버에서 오류가 발생했습니다. 잠시 후 다시 시도해주세요.'), 500);
  });

  let table: { method: string; regex: RegExp }[] | undefined;
  app.notFound((c) => {
    // Built on first use: every router is mounted by then.
    table ??= app.routes
      .filter((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*')
      .map((r) => ({ method: r.method, regex: patternToRegex(r.path) }));
    const path = c.req.path;
    const allowed = [...new Set(table.filter((r) => r.regex.test(path)).map((r) => r.method))];
    if (allowed.length > 0 && !allowed.includes(c.req.method)) {
      c.header('Allow', allowed.join(', '));
      return c.json(failBody(...byStatus[405]!), 405);
    }
    return c.json(failBody(...byStatus[404]!), 404);
  });
}
