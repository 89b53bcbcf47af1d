import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';

/** A web build of one page shaped like ours: a default description and title in the head. */
export function fakeWebDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'toron-share-web-'));
  writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="기본 설명" />
    <title>토론 · Toron</title>
  </head>
  <body><div id="root"></div></body>
</html>`,
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The preview tags of a page: `og:title`, `twitter:card`, `description`, `canonical`, … → decoded value. */
export function tagsOf(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    expect(tags[m[1]!], `${m[1]} appears once`).toBeUndefined();
    tags[m[1]!] = decode(m[2]!);
  }
  const canonical = /<link rel="canonical" href="([^"]*)" \/>/.exec(html);
  if (canonical) tags.canonical = decode(canonical[1]!);
  return tags;
}

/** Checks a body is a PNG (signature and header) of the card size that decodes whole. */
export async function expectCardPng(body: Uint8Array): Promise<void> {
  const bytes = Buffer.from(body);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  const decoded = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  expect(decoded.info).toMatchObject({ format: 'raw', width: 1200, height: 630 });
}
