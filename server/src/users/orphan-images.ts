import type { Storage } from '../db/storage.js';
import { uploadUrl } from './image.js';

/**
 * How old an image must be before the sweep may take it: an upload whose profile save is still
 * on its way (on this or another server process) is younger than this.
 */
export const ORPHAN_IMAGE_GRACE_MS = 60 * 60 * 1000;
const CHUNK = 200;

/**
 * Removes stored images no member shows any more. A picture is written before the profile that
 * names it is saved, so a process that dies between the two leaves the picture behind; this runs
 * at start, a chunk of names at a time. Returns how many were removed.
 */
export async function sweepOrphanImages(storage: Pick<Storage, 'images' | 'users'>, now: number): Promise<number> {
  let removed = 0;
  for await (const names of storage.images.storedBefore(now - ORPHAN_IMAGE_GRACE_MS, CHUNK)) {
    const shown = new Set(await storage.users.profileUrlsInUse(names.map(uploadUrl)));
    for (const name of names) {
      if (shown.has(uploadUrl(name))) continue;
      await storage.images.remove(name);
      removed++;
    }
  }
  return removed;
}
