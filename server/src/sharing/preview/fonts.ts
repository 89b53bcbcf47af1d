import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** A font face as the card renderer takes it. */
export interface FontFace {
  readonly name: string;
  readonly data: Buffer;
  readonly weight: 400 | 600 | 700;
  readonly style: 'normal';
}

export const CARD_FONT = 'Pretendard';

// The web app's typeface (design.md), from the same npm package. The full OTF files cover every
// Hangul syllable (the web subsets do not), so any nickname or title renders.
const FACES = [
  { file: 'Pretendard-Regular.otf', weight: 400 },
  { file: 'Pretendard-SemiBold.otf', weight: 600 },
  { file: 'Pretendard-Bold.otf', weight: 700 },
] as const;

let loading: Promise<FontFace[]> | null = null;

/** Pretendard in the three weights the cards use, read once (about 5 MB) when first needed. */
export function cardFonts(): Promise<FontFace[]> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    return Promise.all(
      FACES.map(async ({ file, weight }) => ({
        name: CARD_FONT,
        data: await readFile(require.resolve(`pretendard/dist/public/static/${file}`)),
        weight,
        style: 'normal' as const,
      })),
    );
  })();
  loading.catch(() => (loading = null));
  return loading;
}
