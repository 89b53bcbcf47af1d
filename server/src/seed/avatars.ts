import { Hono } from 'hono';
import type { AppEnv } from '../http/context.js';
import { errors } from '../http/envelope.js';
import { SVG_IMAGE_HEADERS } from '../users/default-avatar.js';
import type { DemoUser } from './demo-users.js';

const palette = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#dc2626', '#4b5563'];

const escapeXml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** A round avatar: the nickname's first character on a colour picked from the key. */
function avatarSvg(key: string, nickname: string): string {
  const hash = [...key].reduce((h, ch) => (h * 31 + ch.codePointAt(0)!) >>> 0, 7);
  const colour = palette[hash % palette.length]!;
  const initial = escapeXml([...nickname][0] ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><circle cx="64" cy="64" r="64" fill="${colour}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Pretendard, sans-serif" font-size="56" font-weight="600" fill="#fff">${initial}</text></svg>`;
}

/** Serves the demo users' generated avatars at /avatars/<key>.svg (static, no active content). */
export function avatarRoutes(demoUsers: DemoUser[]): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const byKey = new Map(demoUsers.map((u) => [`${u.key}.svg`, avatarSvg(u.key, u.nickname)]));
  app.get('/avatars/:file', (c) => {
    const svg = byKey.get(c.req.param('file'));
    if (!svg) throw errors.notFound('FILE_NOT_FOUND', '파일을 찾을 수 없습니다.');
    return c.body(svg, 200, SVG_IMAGE_HEADERS);
  });
  return app;
}
