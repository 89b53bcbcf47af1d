/**
 * Pictures left behind by a profile save that never committed are removed at start, on both
 * engines; pictures a member shows, and young ones whose save may still be on its way, stay.
 */
import { describe, expect, it } from 'vitest';
import { uploadUrl } from '../../src/users/image.js';
import { ORPHAN_IMAGE_GRACE_MS, sweepOrphanImages } from '../../src/users/orphan-images.js';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

const bytes = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2, 3]);
const name = (i: number) => `${i.toString(16).padStart(32, '0')}.webp`;

describe.each(ENGINES)('orphan image sweep on %s', (engine) => {
  const storage = useTestStorage(engine);

  it('removes old pictures nobody shows, in chunks, and keeps shown and young ones', async () => {
    const images = storage().images;
    for (let i = 0; i < 450; i++) await images.put(name(i), bytes);
    const [shown] = await insertMembers(storage(), 1);
    await storage().users.update(shown!.id, { profileUrl: uploadUrl(name(7)) });

    // Everything was stored just now: within the grace period, nothing goes.
    expect(await sweepOrphanImages(storage(), Date.now())).toBe(0);
    expect(await images.get(name(3))).toEqual(bytes);

    const later = Date.now() + ORPHAN_IMAGE_GRACE_MS + 1_000;
    expect(await sweepOrphanImages(storage(), later)).toBe(449);
    expect(await images.get(name(7))).toEqual(bytes);
    expect(await images.get(name(3))).toBeUndefined();
    expect(await images.get(name(449))).toBeUndefined();
    expect(await sweepOrphanImages(storage(), later)).toBe(0);
  });

  it('lists the old names in name order, a chunk at a time', async () => {
    const images = storage().images;
    // Names above any an earlier test may have left.
    for (const i of [1005, 1001, 1003]) await images.put(name(i), bytes);
    const chunks = async (before: number) => {
      const all: string[][] = [];
      for await (const chunk of images.storedBefore(before, 2)) all.push(chunk.filter((n) => n >= name(1000)));
      return all.filter((c) => c.length > 0);
    };
    const listed = (await chunks(Date.now() + 1_000)).flat();
    expect(listed).toEqual([name(1001), name(1003), name(1005)]);
    for await (const chunk of images.storedBefore(Date.now() + 1_000, 2)) expect(chunk.length).toBeLessThanOrEqual(2);
    expect(await chunks(Date.now() - 60_000)).toEqual([]);
  });
});
