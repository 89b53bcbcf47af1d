import { existsSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { STOMP_ENDPOINTS } from '@toron/engine';
import type { Context, Next } from 'hono';
import type { AppEnv } from '../http/context.js';
import { siteMeta } from '../sharing/page-meta.js';
import { PREVIEW_PREFIX } from '../sharing/routes.js';
import type { Shell } from './shell.js';

// Paths the server owns: never answered with the web app's index.html.
const serverPrefixes = [
  '/api/',
  '/uploads/',
  '/avatars/',
  '/demo-oauth/',
  PREVIEW_PREFIX,
  '/healthz',
  STOMP_ENDPOINTS.native,
];

const notBuiltPage = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>토론 (Toron)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6">
<h1>웹 앱이 아직 빌드되지 않았습니다</h1>
<p>서버는 실행 중입니다. <code>npm start</code>로 웹 앱을 빌드한 뒤 다시 열어 주세요.
API 문서는 <a href="/api/docs">/api/docs</a>에 있습니다.</p></body></html>`;

/**
 * Serves the built web app from `webDist` (hashed assets cached for good, index.html
 * revalidated) with the SPA fallback: any other GET outside the server's own paths gets
 * index.html (through `shell`, with the site's link preview), so deep links work. Without a
 * build, a short Korean page says so.
 */
export function webRoutes(webDist: string, shell: Shell, publicUrl: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const indexFile = path.join(webDist, 'index.html');
  const built = existsSync(indexFile);
  const isServerPath = (p: string) =>
    serverPrefixes.some((prefix) => p === prefix.replace(/\/$/, '') || p.startsWith(prefix));

  const page = async (c: Context<AppEnv>, next: Next) => {
    if (isServerPath(c.req.path)) return next();
    const html = await shell.render(siteMeta(publicUrl, c.req.path === '/' ? `${publicUrl}/` : null));
    // The notice styles its body inline; it has no script, so its own policy allows just that.
    if (html === null)
      return c.html(notBuiltPage, 200, {
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      });
    return c.html(html, 200, { 'Cache-Control': 'no-cache' });
  };

  // The landing page is the shell too (the static files would answer it with the bare index.html).
  app.get('/', page);
  if (built) {
    app.get(
      '/*',
      serveStatic({
        root: webDist,
        onFound: (file, c) => {
          c.header('X-Content-Type-Options', 'nosniff');
          c.header(
            'Cache-Control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      }),
    );
  }
  app.get('*', page);
  return app;
}
