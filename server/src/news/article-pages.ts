import { readFileSync } from 'node:fs';
import { demoNewsImagePath, loadDemoNews, renderArticleHtml, type DemoNewsItem } from '@toron/fixtures';
import { Hono } from 'hono';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/envelope.js';
import { demoArticlePath, demoImagePath } from './seed.js';
import { absolutise } from './service.js';

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
// An SVG opened on its own must not run anything: no scripts, no loads, sandboxed.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The demo corpus's article pages and images, so the news detail frame works offline.
 * Article pages may be framed by our own origins only; images are immutable.
 */
export function newsPageRoutes(deps: AppDeps): Hono<AppEnv> {
  const { publicUrl, webOrigin } = deps.config;
  const store = deps.storage.news;
  let items: Map<number, DemoNewsItem> | undefined;
  const images = new Map<string, Buffer>();
  const origins = [...new Set([new URL(publicUrl).origin, new URL(webOrigin).origin])].join(' ');
  const articleCsp = [
    "default-src 'none'",
    `img-src 'self' ${origins}`,
    "style-src 'unsafe-inline'",
    "font-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${origins}`,
  ].join('; ');
  const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what}을(를) 찾을 수 없습니다.`);
  const app = new Hono<AppEnv>();

  app.get('/news-articles/:id{[0-9]{1,9}}', async (c) => {
    items ??= new Map(loadDemoNews().map((item) => [item.id, item]));
    const id = Number(c.req.param('id'));
    const item = items.get(id);
    if (!item) throw notFound('기사');
    // The stored publication time, so the page agrees with the list.
    const stored = await store.findByLink(demoArticlePath(id));
    const publishedAt = new Date(
      stored?.deliveryTime ?? Date.now() - item.publishedOffsetMinutes * 60_000,
    ).toISOString();
    const html = renderArticleHtml(item, { imageUrl: absolutise(publicUrl, demoImagePath(item.image)), publishedAt });
    return c.html(html, 200, {
      'Content-Security-Policy': articleCsp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'public, max-age=300',
    });
  });

  app.get('/news-images/:name', (c) => {
    const name = c.req.param('name');
    const type = IMAGE_TYPES[name.split('.').pop()?.toLowerCase() ?? ''];
    if (!type) throw notFound('이미지');
    let body = images.get(name);
    if (!body) {
      try {
        body = readFileSync(demoNewsImagePath(name));
      } catch {
        throw notFound('이미지');
      }
      images.set(name, body);
    }
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      ...(type === 'image/svg+xml' ? { 'Content-Security-Policy': SVG_CSP } : {}),
    });
  });

  return app;
}
