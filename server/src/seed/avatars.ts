import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { errors } from '../http/envelope.js';
import { box, drawable, text } from '../sharing/preview/elements.js';
import { CARD_FONT } from '../sharing/preview/fonts.js';
import { renderSvg } from '../sharing/preview/render.js';
import { SVG_IMAGE_HEADERS } from '../users/default-avatar.js';
import type { DemoUser } from './demo-users.js';

const palette = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4b5563'];
const SIZE = { width: 128, height: 128 } as const;

/**
 * A round avatar: the nickname's first character on a colour picked from the key. The letter is
 * drawn as outlines: an SVG shown as an image cannot use the page's web font, and text in it would
 * be a blank box wherever no Korean system font is installed.
 */
function avatarSvg(key: string, nickname: string): Promise<string> {
  const hash = [...key].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) >>> 0, 7);
  const colour = palette[hash % palette.length]!;
  const initial = [...drawable(nickname)][0] ?? '?';
  const letter = text({ color: '#fff', fontFamily: CARD_FONT, fontSize: 56, fontWeight: 600 }, initial);
  const disc = box(
    { ...SIZE, borderRadius: 64, backgroundColor: colour, alignItems: 'center', justifyContent: 'center' },
    letter,
  );
  return renderSvg(disc, SIZE);
}

/** Serves the demo users' generated avatars at /avatars/<key>.svg (static, no active content), each drawn once. */
export function avatarRoutes(demoUsers: DemoUser[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const users = new Map(demoUsers.map((u) => [`${u.key}.svg`, u]));
  const drawn = new Map<string, Promise<string>>();
  app.get('/avatars/:file', async (c) => {
    const file = c.req.param('file');
    const user = users.get(file);
    if (!user) throw errors.notFound('FILE_NOT_FOUND', '파일을 찾을 수 없습니다.');
    let svg = drawn.get(file);
    if (!svg) {
      svg = avatarSvg(user.key, user.nickname);
      drawn.set(file, svg);
      svg.catch(() => drawn.delete(file));
    }
    return c.body(await svg, 200, SVG_IMAGE_HEADERS);
  });
  return app;
}
