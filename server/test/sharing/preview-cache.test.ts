import { describe, expect, it } from 'vitest';
import { createPreviewCache } from '../../src/sharing/preview/cache.js';
import { profileLayout } from '../../src/sharing/preview/profile-layout.js';

const card = (userId: number) => () =>
  profileLayout({ userId, nickname: `회원${userId}`, introduction: '', wins: 0, draws: 0, losses: 0 });

describe('the preview cache', () => {
  it('renders a picture once however many ask at once, and admits it once', async () => {
    let admitted = 0;
    const admit = async () => void admitted++;
    const cache = createPreviewCache({ busy: () => new Error('busy') });
    const [a, b] = await Promise.all([cache.picture('k', card(1), admit), cache.picture('k', card(1), admit)]);
    expect(a).toBe(b);
    expect(await cache.picture('k', card(1), admit)).toBe(a);
    expect(admitted).toBe(1);
  });

  it('refuses a new render while as many as it allows are waiting; a cached picture is still served', async () => {
    const cache = createPreviewCache({ busy: () => new Error('busy'), maxWaiting: 2 });
    const admit = async () => undefined;
    const cached = await cache.picture('cached', card(9), admit);
    const first = cache.picture('a', card(1), admit);
    const second = cache.picture('b', card(2), admit);
    await expect(cache.picture('c', card(3), admit)).rejects.toThrow('busy');
    expect(await cache.picture('cached', card(9), admit)).toBe(cached);
    await Promise.all([first, second]);
    await expect(cache.picture('c', card(3), admit)).resolves.toBeInstanceOf(Buffer);
  });

  it('forgets the least recently used picture beyond its size, and a refused admission renders nothing', async () => {
    const cache = createPreviewCache({ busy: () => new Error('busy'), maxPictures: 2 });
    let renders = 0;
    const counted = (userId: number) => () => (renders++, card(userId)());
    const admit = async () => undefined;
    await cache.picture('a', counted(1), admit);
    await cache.picture('b', counted(2), admit);
    await cache.picture('a', counted(1), admit);
    await cache.picture('c', counted(3), admit);
    expect(renders).toBe(3);
    await cache.picture('a', counted(1), admit);
    expect(renders).toBe(3);
    await cache.picture('b', counted(2), admit);
    expect(renders).toBe(4);
    const refuse = async () => {
      throw new Error('limited');
    };
    await expect(cache.picture('d', counted(4), refuse)).rejects.toThrow('limited');
    expect(renders).toBe(4);
  });
});
