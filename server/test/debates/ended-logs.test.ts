import type { RoomEvent } from '@toron/engine';
import { describe, expect, it } from 'vitest';
import { endedLogs } from '../../src/debates/ended-logs.js';

/** Logs of `n` placeholder events per room; counts how often each room is read. */
function store(sizes: Record<string, number>) {
  const reads: string[] = [];
  const load = async (roomId: string) => {
    reads.push(roomId);
    return Array.from({ length: sizes[roomId] ?? 0 }, (_, i) => ({ seq: i + 1 }) as unknown as RoomEvent);
  };
  return { reads, load };
}

describe('ended room logs', () => {
  it('reads a log once while it fits, dropping the least recently used first', async () => {
    const { reads, load } = store({ a: 4, b: 4, c: 4 });
    const logs = endedLogs(load, 10);
    await logs.get('a');
    await logs.get('b');
    await logs.get('a'); // a is now the most recently used
    expect(reads).toEqual(['a', 'b']);
    await logs.get('c'); // 12 > 10: b goes
    await logs.get('a');
    expect(reads).toEqual(['a', 'b', 'c']);
    await logs.get('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('serves a log larger than the whole budget without keeping it', async () => {
    const { reads, load } = store({ huge: 11 });
    const logs = endedLogs(load, 10);
    expect(await logs.get('huge')).toHaveLength(11);
    await logs.get('huge');
    expect(reads).toEqual(['huge', 'huge']);
  });

  it('gives two readers asking at the same time the one log it keeps', async () => {
    const { load } = store({ a: 4 });
    const logs = endedLogs(load, 10);
    const [first, second] = await Promise.all([logs.get('a'), logs.get('a')]);
    expect(second).toBe(first);
  });
});
