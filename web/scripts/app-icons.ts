/**
 * Draws the installed app's icons (web/public/icons) from the favicon's mark: the brand square
 * with the speaker's bar and the two sides' dots. Run after changing the mark:
 * `sh scripts/pnpm.sh --filter @toron/web run icons`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const BRAND = '#1e3a8a';

// The favicon's mark on a 32-unit grid, centred on (16, 16.5).
const mark = `<path d="M9 11h14M16 11v12" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/>
<circle cx="9" cy="21" r="2.5" fill="#93b4ff"/><circle cx="23" cy="21" r="2.5" fill="#ff9b9b"/>`;

/** The mark at `scale` of the canvas on a brand background: rounded for "any", full bleed for masks. */
function icon(scale: number, rounded: boolean): string {
  const offset = 16 - 16 / scale;
  const size = 32 / scale;
  const background = rounded
    ? `<rect width="32" height="32" rx="7" fill="${BRAND}"/>`
    : `<rect width="32" height="32" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}<svg x="0" y="0" width="32" height="32" viewBox="${offset} ${offset + 0.5} ${size} ${size}">${mark}</svg></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: icon(1, true) },
  { file: 'icon-512.png', size: 512, svg: icon(1, true) },
  // Maskable: the platform cuts its own shape, keeping a circle of 80 % of the side; the mark stays inside.
  { file: 'maskable-512.png', size: 512, svg: icon(0.72, false) },
  // iOS rounds the corners itself and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, svg: icon(0.85, false) },
];

mkdirSync(out, { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
  console.info(`${file} ${size}×${size}`);
}
