import satori from 'satori';
import sharp from 'sharp';
import { CARD_SIZE } from '../page-meta.js';
import type { Element } from './elements.js';
import { cardFonts } from './fonts.js';

/**
 * A tree as SVG with its text as outlines, so it draws the same on a machine without our font or
 * any Korean one. Only our own layouts come here; nothing is fetched.
 */
export async function renderSvg(
  tree: Element,
  size: { readonly width: number; readonly height: number },
): Promise<string> {
  return satori(tree as Parameters<typeof satori>[0], { ...size, fonts: await cardFonts() });
}

/** A card (1200×630) as PNG: its SVG rasterised by sharp. */
export async function renderCard(tree: Element): Promise<Buffer> {
  return sharp(Buffer.from(await renderSvg(tree, CARD_SIZE)))
    .png({ compressionLevel: 8 })
    .toBuffer();
}
