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

/**
 * Caps request bodies: `uploadBytes` (plus multipart overhead) for the multipart routes
 * listed by prefix, `defaultBytes` elsewhere; larger bodies get 413 in the envelope.
 */
export function bodyLimits(defaultBytes: number, uploadBytes: number, uploadPrefixes: string[]): MiddlewareHandler {
  const onError = (): never => {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', '요청 본문이 너무 큽니다.');
  };
  const small = bodyLimit({ maxSize: defaultBytes, onError });
  const large = bodyLimit({ maxSize: uploadBytes + 64 * 1024, onError });
  return (c, next) => (uploadPrefixes.some((p) => c.req.path.startsWith(p)) ? large(c, next) : small(c, next));
}
