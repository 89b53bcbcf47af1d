/** The refresh-token store on both engines: rotation spends a token exactly once, even under concurrent clients. */
import { describe, expect, it } from 'vitest';
import { ENGINES, insertMembers, useTestStorage } from '../support/engines.js';

describe.each(ENGINES)('refresh-token store on %s', (engine) => {
  const storage = useTestStorage(engine);
  const tokens = () => storage().refreshTokens;
  const expiresAt = new Date(Date.now() + 3_600_000);

  it('stores tokens by hash in families, spends each once and revokes a family or a user', async () => {
    const [a, b] = await insertMembers(storage(), 2);
    await tokens().insert({ tokenHash: 'h1', userId: a!.id, familyId: 'f1', expiresAt });
    await tokens().insert({ tokenHash: 'h2', userId: a!.id, familyId: 'f1', expiresAt });
    await tokens().insert({ tokenHash: 'h3', userId: a!.id, familyId: 'f2', expiresAt });
    await tokens().insert({ tokenHash: 'h4', userId: b!.id, familyId: 'f3', expiresAt });
    expect(await tokens().find('h1')).toMatchObject({ userId: a!.id, familyId: 'f1', expiresAt, usedAt: null });
    expect(await tokens().find('nope')).toBeUndefined();
    const at = new Date();
    expect(await tokens().markUsed('h1', at)).toBe(true);
    expect(await tokens().markUsed('h1', at)).toBe(false);
    expect((await tokens().find('h1'))?.usedAt).toEqual(at);
    await tokens().revokeFamily('f1', at);
    expect((await tokens().find('h2'))?.revokedAt).toEqual(at);
    expect((await tokens().find('h3'))?.revokedAt).toBeNull();
    expect(await tokens().revokeUser(a!.id, at)).toBe(1);
    expect(await tokens().revokeUser(a!.id, at)).toBe(0);
    expect((await tokens().find('h4'))?.revokedAt).toBeNull();
  });

  it('race: of many concurrent rotations of one token, exactly one spends it', async () => {
    const [a] = await insertMembers(storage(), 1);
    await tokens().insert({ tokenHash: 'race', userId: a!.id, familyId: 'f', expiresAt });
    const spent = await Promise.all(Array.from({ length: 16 }, () => tokens().markUsed('race', new Date())));
    expect(spent.filter(Boolean)).toHaveLength(1);
  });
});
