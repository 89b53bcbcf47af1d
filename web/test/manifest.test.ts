import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/lib/routes';

// The installable app's manifest (docs/sharing.md), checked against what browsers require of it
// and against the files it names. Chromium's own reading of it is in e2e/sharing.test.ts.
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicFile = (url: string) => path.join(web, 'public', url);

interface Icon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
const manifest = JSON.parse(readFileSync(publicFile('manifest.webmanifest'), 'utf8')) as {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Icon[];
  shortcuts: { name: string; url: string; icons: Icon[] }[];
};
const indexHtml = readFileSync(path.join(web, 'index.html'), 'utf8');

/** Width and height from a PNG's header. */
function pngSize(file: string): string {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1'), file).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it('names the app in Korean, opens it standalone on a page of the app, in the brand colour', () => {
    expect(manifest).toMatchObject({
      name: '토론 (Toron)',
      short_name: '토론',
      lang: 'ko',
      id: '/',
      scope: '/',
      display: 'standalone',
      start_url: paths.main(),
    });
    for (const url of [manifest.start_url, ...manifest.shortcuts.map((s) => s.url)])
      expect(url.startsWith(manifest.scope), url).toBe(true);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual([paths.debateRooms(), paths.news()]);
    // The page's theme colour and the installed app's agree.
    expect(indexHtml).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  });

  it('every icon exists at the size it claims; 192 and 512 px icons and a maskable one are there', () => {
    const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((s) => s.icons)];
    for (const icon of icons) {
      if (icon.type === 'image/png') expect(pngSize(publicFile(icon.src)), icon.src).toBe(icon.sizes);
      else expect(readFileSync(publicFile(icon.src), 'utf8'), icon.src).toMatch(/^<svg /);
    }
    const any = manifest.icons.filter((i) => (i.purpose ?? 'any') === 'any' && i.type === 'image/png');
    expect(any.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
    const touch = /<link rel="apple-touch-icon" href="([^"]+)" \/>/.exec(indexHtml)?.[1];
    expect(pngSize(publicFile(touch ?? ''))).toBe('180x180');
  });
});
