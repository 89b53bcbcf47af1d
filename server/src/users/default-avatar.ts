import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';

/** Where the server serves the profile image of members who have none. */
const DEFAULT_AVATAR_PATH = '/avatars/default.svg';

/** The same neutral silhouette the web app falls back to. */
const DEFAULT_AVATAR_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 64 64" role="img" aria-label="기본 프로필 이미지"><rect width="64" height="64" fill="#e8ecf5"/><circle cx="32" cy="25" r="11" fill="#9aa7c2"/><path d="M12 58c2-11 10-17 20-17s18 6 20 17" fill="#9aa7c2"/></svg>';

/** Headers of a served SVG picture: no sniffing, no active content, cached for a day. */
export const SVG_IMAGE_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'Cache-Control': 'public, max-age=86400',
} as const;

/**
 * A member's picture as every image field of the wire carries it (`profileUrl`, `profile`,
 * `imgUrl`, participants, chat): absolute, so clients on other origins can load it (stored
 * paths such as /uploads/… get the public origin), and the default avatar's URL when the member
 * has none, so a client without its own fallback never shows a broken image.
 */
export function profileImageUrl(publicUrl: string, stored: string | null): string {
  const url = stored ?? DEFAULT_AVATAR_PATH;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/** Serves the default avatar (registered before the demo avatars, which share the folder). */
export function defaultAvatarRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(DEFAULT_AVATAR_PATH, (c) => c.body(DEFAULT_AVATAR_SVG, 200, SVG_IMAGE_HEADERS));
  return app;
}
