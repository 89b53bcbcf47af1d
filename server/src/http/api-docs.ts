import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Scalar } from '@scalar/hono-api-reference';
import { Hono } from 'hono';
import type { Config } from '../config.js';
import { asyncApiDocument } from './asyncapi.js';
import { apiDocsCsp } from './security-headers.js';

const require = createRequire(import.meta.url);
const SCRIPT_PATH = '/api/docs/scalar.js';
/** The AsyncAPI document of the STOMP endpoints. */
export const ASYNCAPI_PATH = '/api/asyncapi.json';

/**
 * The readable API reference at /api/docs: the REST API (the OpenAPI document at `specUrl`) and
 * the STOMP API (the AsyncAPI document served here) as two documents of one viewer. The viewer's
 * script is served from our own package install, so the page works offline and on a closed
 * network (no CDN); its inline bootstrap runs under a per-response CSP nonce, and no web fonts are
 * fetched from Scalar's servers.
 */
export function apiDocsRoutes(specUrl: string, config: Config): Hono {
  const asyncApi = asyncApiDocument(config.publicUrl);
  const sources = [
    { title: 'REST API (OpenAPI)', slug: 'rest', url: specUrl },
    { title: 'STOMP API (AsyncAPI)', slug: 'stomp', url: ASYNCAPI_PATH },
  ];
  // 4 MB read on the first visit, not at every start (tests start many servers).
  let script: ReturnType<typeof readViewerScript> | null = null;
  const app = new Hono();
  app.get(SCRIPT_PATH, (c) =>
    c.body((script ??= readViewerScript()), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=86400',
    }),
  );
  app.get(ASYNCAPI_PATH, (c) => c.json(asyncApi));
  app.get('/api/docs', (c, next) => {
    const nonce = randomBytes(16).toString('base64');
    c.header('Content-Security-Policy', apiDocsCsp(config, nonce));
    return Scalar({ sources, pageTitle: 'Toron API 문서', cdn: SCRIPT_PATH, nonce, withDefaultFonts: false })(c, next);
  });
  return app;
}

/** The viewer's standalone bundle: the package does not export it; it sits beside the main entry. */
function readViewerScript() {
  return readFileSync(path.join(path.dirname(require.resolve('@scalar/api-reference')), 'browser/standalone.js'));
}
