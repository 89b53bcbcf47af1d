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

  it('lists stored names after a given one, in name order, bounded', async () => {
    const images = storage().images;
    // Names above any an earlier test may have left.
    for (const i of [1005, 1001, 1003]) await images.put(name(i), bytes);
    const future = Date.now() + 1_000;
    expect(await images.storedBefore(future, name(1000), 2)).toEqual([name(1001), name(1003)]);
    expect(await images.storedBefore(future, name(1003), 10)).toEqual([name(1005)]);
    expect(await images.storedBefore(Date.now() - 60_000, name(1000), 10)).toEqual([]);
  });
});
