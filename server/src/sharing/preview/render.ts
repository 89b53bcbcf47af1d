import satori from 'satori';
import sharp from 'sharp';
import { CARD_SIZE } from '../page-meta.js';
import type { Element } from './elements.js';
import { cardFonts } from './fonts.js';

/**
 * A card (1200×630) as PNG: satori lays the tree out into SVG with the text as outlines, sharp
 * rasterises it. Only our own layouts come here; nothing is fetched.
 */
export async function renderCard(tree: Element): Promise<Buffer> {
  const svg = await satori(tree as Parameters<typeof satori>[0], { ...CARD_SIZE, fonts: await cardFonts() });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}
