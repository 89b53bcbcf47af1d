import sharp from 'sharp';
import { ApiError } from '../http/envelope.js';

/** The largest picture we decode: 25 megapixels (width × height), read from the header before any decoding. */
const MAX_INPUT_PIXELS = 25_000_000;
/** A profile picture is shown small: it is stored at most this many pixels wide and high. */
const MAX_OUTPUT_SIDE = 512;
/** Pictures decoded at once; the rest wait, so a burst of uploads cannot hold many decoded images in memory. */
const AT_ONCE = 2;

// libvips keeps recently used images in a cache of its own; uploads are never read twice.
sharp.cache(false);

const tooManyPixels = () =>
  new ApiError(
    413,
    'IMAGE_TOO_LARGE',
    `이미지 해상도가 너무 큽니다. ${new Intl.NumberFormat('ko-KR').format(MAX_INPUT_PIXELS / 10_000)}만 화소(가로×세로) 이하의 이미지를 올려주세요.`,
  );
const unreadable = () =>
  new ApiError(400, 'INVALID_IMAGE', '이미지를 읽을 수 없습니다. PNG, JPEG, GIF, WebP 형식의 이미지를 올려주세요.');

let running = 0;
const waiting: (() => void)[] = [];
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Re-encodes an uploaded picture as a new WebP (sharp): turned upright by its EXIF orientation,
 * first frame only, shrunk to fit MAX_OUTPUT_SIDE, and with no metadata at all (no EXIF, GPS,
 * XMP or ICC), so nothing of the uploaded bytes is ever served back. A picture over
 * MAX_INPUT_PIXELS is refused from its header, before it is decoded (a decompression bomb).
 */
export function reencodeProfileImage(input: Uint8Array): Promise<Uint8Array> {
  return oneAtATime(async () => {
    try {
      const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true, animated: false });
      const out = await image
        .resize(MAX_OUTPUT_SIDE, MAX_OUTPUT_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) throw tooManyPixels();
      throw unreadable();
    }
  });
}
