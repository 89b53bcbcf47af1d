import { Hono, type Context, type Next } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import type { AppEnv } from '../http/context.js';
import { ApiError } from '../http/envelope.js';
import { clientAddress, enforce } from '../http/rate-limit.js';
import type { Shell } from '../web/shell.js';
import { SITE_CARD_PATH, siteMeta, type PageMeta } from './page-meta.js';
import { createSharing, type Picture } from './service.js';

/** Where the preview pictures live (outside the web app's paths). */
export const PREVIEW_PREFIX = '/previews/';

const roomId = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.uuid());
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** The id in a picture's file name (`<id>.png`), checked by `schema`; null when it is none. */
function pictureId<T>(file: string, schema: z.ZodType<T>): T | null {
  const parsed = schema.safeParse(/^([^/]+)\.png$/.exec(file)?.[1]);
  return parsed.success ? parsed.data : null;
}

const noPicture = () => new ApiError(404, 'PREVIEW_NOT_FOUND', '미리보기 이미지가 없습니다.');

/**
 * Link previews (docs/sharing.md): the web app's shell with Open Graph and Twitter tags for a
 * debate (archive or live room), a news item and a member page, and the preview pictures the
 * tags point to. Public: a messenger fetching a link carries no token. An unknown or malformed
 * id gets the shell with the site's own preview (the app then shows its not-found page).
 */
export function sharingRoutes(deps: AppDeps, shell: Shell): Hono<AppEnv> {
  const { config } = deps;
  const sharing = createSharing(deps);
  const renders = deps.rateLimiter('preview', config.rateLimits.preview);
  // Cached pictures are free; only a render (tens of ms of CPU) counts against the address.
  const admitFor = (c: Context<AppEnv>) => () =>
    enforce(
      renders,
      `ip:${clientAddress(c, config.trustProxy)}`,
      'PREVIEW_RATE_LIMITED',
      '미리보기 이미지를 너무 자주 요청했습니다. 잠시 후 다시 시도해 주세요.',
    );
  const app = new Hono<AppEnv>();

  const page =
    <T>(param: string, schema: z.ZodType<T>, metaOf: (id: T) => Promise<PageMeta | null>) =>
    async (c: Context<AppEnv>, next: Next) => {
      const id = schema.safeParse(c.req.param(param));
      const html = await shell.render((id.success ? await metaOf(id.data) : null) ?? siteMeta(config.publicUrl));
      if (html === null) return next();
      return c.html(html, 200, { 'Cache-Control': 'no-cache' });
    };
  app.get(
    '/archived-room/:roomId',
    page('roomId', roomId, (id: string) => sharing.roomMeta(id)),
  );
  app.get(
    '/observing-zone/:roomId',
    page('roomId', roomId, (id: string) => sharing.roomMeta(id)),
  );
  app.get(
    '/news/:id',
    page('id', positiveId, (id: number) => sharing.newsMeta(id)),
  );
  app.get(
    '/user-page/:id',
    page('id', positiveId, (id: number) => sharing.userMeta(id)),
  );

  // The URL's version names the card it was made for: while it is still current the picture
  // never changes; an older URL gets the current picture, briefly cached.
  const png = (c: Context<AppEnv>, picture: Picture | null) => {
    if (!picture) throw noPicture();
    const current = c.req.query('v') === picture.version;
    return c.body(new Uint8Array(picture.png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': current ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    });
  };
  app.get(`${PREVIEW_PREFIX}rooms/:file`, async (c) => {
    const id = pictureId(c.req.param('file'), roomId);
    return png(c, id === null ? null : await sharing.roomPicture(id, admitFor(c)));
  });
  app.get(`${PREVIEW_PREFIX}users/:file`, async (c) => {
    const id = pictureId(c.req.param('file'), positiveId);
    return png(c, id === null ? null : await sharing.userPicture(id, admitFor(c)));
  });
  app.get(SITE_CARD_PATH, async (c) =>
    c.body(new Uint8Array(await sharing.sitePicture()), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
    }),
  );
  return app;
}
