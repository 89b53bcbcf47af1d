import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Logger } from 'pino';
import type { AppEnv } from './context.js';
import { ApiError } from './envelope.js';

/** CORS (docs/wire-contract.md#status-codes): any origin, no credentials, the listed methods and headers. */
export const corsMiddleware = (): MiddlewareHandler =>
  cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
    maxAge: 600,
  });

/** One line per request: method, path (no query: it may hold codes), status and time. */
export const requestLog =
  (logger: Logger): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round(performance.now() - started);
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  };

/** A route that takes a larger body than the rest (a file), with its own refusal beyond it. */
export type UploadRoute = {
  readonly matches: (method: string, path: string) => boolean;
  readonly bytes: number;
  readonly tooLarge: () => ApiError;
};

/**
 * Caps request bodies: `upload.bytes` (plus multipart overhead) on the upload route, refused with
 * `upload.tooLarge`, and `defaultBytes` elsewhere, refused with the generic 413 envelope.
 */
export function bodyLimits(defaultBytes: number, upload: UploadRoute): MiddlewareHandler {
  const small = bodyLimit({
    maxSize: defaultBytes,
    onError: () => {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', '요청 본문이 너무 큽니다.');
    },
  });
  const large = bodyLimit({
    maxSize: upload.bytes + 64 * 1024,
    onError: () => {
      throw upload.tooLarge();
    },
  });
  return (c, next) => (upload.matches(c.req.method, c.req.path) ? large(c, next) : small(c, next));
}
