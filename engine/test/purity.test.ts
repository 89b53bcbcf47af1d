import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const FORBIDDEN = [
  'Date.now',
  'new Date(',
  'Math.random',
  'setTimeout',
  'setInterval',
  'fetch(',
  'process.',
  'globalThis',
  'require(',
  "from 'node:",
  'from "node:',
  'performance.',
  'crypto.',
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('engine purity', () => {
  const sources = files(SRC).filter((f) => f.endsWith('.ts'));

  it('scans a non-empty source tree', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('uses no clock, randomness, timers, I/O or globals anywhere in src', () => {
    const hits = sources.flatMap((file) =>
      FORBIDDEN.filter((token) => readFileSync(file, 'utf8').includes(token)).map(
        (token) => `${file.slice(SRC.length)}: ${token}`,
      ),
    );
    expect(hits).toEqual([]);
  });

  it('imports nothing but xstate, zod and its own modules', () => {
    const imports = sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? ''),
    );
    expect(imports.filter((spec) => !spec.startsWith('.') && spec !== 'xstate' && spec !== 'zod')).toEqual([]);
  });
});
