import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/envelope.js';
import type { ImageStore } from './image-store.js';
import { reencodeProfileImage } from './image-encode.js';

type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; contentType: string };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** Recognises an image by its magic number, never by its name or declared type. */
function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ext: 'png', contentType: 'image/png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { ext: 'jpg', contentType: 'image/jpeg' };
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { ext: 'gif', contentType: 'image/gif' };
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return { ext: 'webp', contentType: 'image/webp' };
  }
  return undefined;
}

/** The server path a stored image is served from. */
export const uploadUrl = (name: string): string => `/uploads/${name}`;

/** Content types for the stored file names, keyed by extension. */
export const imageContentTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const MIB = 1024 * 1024;

/** A byte count as people read it, rounded down so that it never promises more than is allowed: 5MB, 1.5MB, 512KB. */
const sizeLabel = (bytes: number): string =>
  bytes >= MIB ? `${Math.floor((bytes / MIB) * 10) / 10}MB` : `${Math.floor(bytes / 1024)}KB`;

/**
 * The refusal of a profile picture over `limitBytes`, whether the body limit of the upload route or
 * the file's own size catches it (UPLOAD_LIMIT_BYTES, docs in the README).
 */
export const pictureTooLarge = (limitBytes: number): ApiError =>
  new ApiError(413, 'FILE_TOO_LARGE', `프로필 사진은 ${sizeLabel(limitBytes)} 이하만 올릴 수 있습니다.`);

/**
 * Checks an uploaded profile image (≤ limit, a PNG/JPEG/GIF/WebP by its bytes), re-encodes it
 * (see reencodeProfileImage) and stores the result under a random name. Returns the server
 * path it is served from (/uploads/<name>). Nothing is written when the image is refused.
 */
export async function storeProfileImage(file: File, images: ImageStore, limitBytes: number): Promise<string> {
  if (file.size > limitBytes) throw pictureTooLarge(limitBytes);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!sniffImage(bytes))
    throw new ApiError(400, 'INVALID_IMAGE', 'PNG, JPEG, GIF, WebP 형식의 이미지만 올릴 수 있습니다.');
  const encoded = await reencodeProfileImage(bytes);
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await images.put(name, encoded);
  return uploadUrl(name);
}

/**
 * Deletes a stored upload no profile refers to any more; other pictures (default avatars, provider URLs) are left
 * alone.
 */
export async function discardProfileImage(images: ImageStore, url: string | null): Promise<void> {
  const prefix = uploadUrl('');
  if (!url?.startsWith(prefix)) return;
  await images.remove(url.slice(prefix.length));
}
