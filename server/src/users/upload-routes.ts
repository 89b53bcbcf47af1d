import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { errors } from '../http/envelope.js';
import { imageContentTypes } from './image.js';

// Only names we generated: 32 hex characters and a known image extension.
const storedName = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * Serves uploaded profile images with the content type of their sniffed kind, `nosniff`
 * and a CSP that forbids any active content, so an upload can never run as a page.
 */
export function uploadRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    const match = storedName.exec(name);
    if (!match) throw errors.notFound('FILE_NOT_FOUND', '파일을 찾을 수 없습니다.');
    const bytes = await deps.storage.images.get(name);
    if (!bytes) throw errors.notFound('FILE_NOT_FOUND', '파일을 찾을 수 없습니다.');
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': imageContentTypes[match[1]!] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
  return app;
}
