/**
 * The README's configuration table names exactly the variables the server reads: every reader of the environment
 * is run over an env that records what is asked of it, and the names asked are compared with the table.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../../src/config.js';
import { readIngestConfig } from '../../src/news/ingest/feed-config.js';
import { loadNotificationSettings } from '../../src/notifications/settings.js';
import { loadModerationSettings } from '../../src/reports/settings.js';

/** The modules that read the environment (or hand `process.env` on to one that does). */
const READERS = [
  'config.ts',
  'news/ingest/feed-config.ts',
  'news/ingest/schedule.ts',
  'notifications/service.ts',
  'notifications/settings.ts',
  'reports/settings.ts',
];
/** Set by vitest itself to keep the news schedule off in tests: nobody configures it. */
const NOT_SETTINGS = new Set(['VITEST']);
/** Read by the test tooling, not by the server. */
const FOR_TESTS = new Set(['CHROMIUM_PATH']);

/** The names each reader asks of the environment (zod reads every key of its schema). */
function namesRead(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) asked.add(key);
        return undefined;
      },
    },
  );
  loadConfig(env);
  loadNotificationSettings(env);
  loadModerationSettings(env);
  readIngestConfig(env);
  return asked;
}

/** The variable names in the first column of the README's configuration table. */
function namesInReadme(): Set<string> {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configuration\n'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const firstCells = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) => line.split('|')[1] ?? '');
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('README configuration table', () => {
  it('every module that reads the environment is one this test runs', () => {
    const src = path.join(repoRoot, 'server', 'src');
    const reading = sourceFiles(src)
      .filter((file) => file.endsWith('.ts') && readFileSync(file, 'utf8').includes('process.env'))
      .map((file) => path.relative(src, file).split(path.sep).join('/'))
      .sort();
    expect(reading).toEqual(READERS);
  });

  it('lists every variable the server reads, and only those (and the test tooling’s)', () => {
    const read = [...namesRead()].filter((name) => !NOT_SETTINGS.has(name)).sort();
    const listed = [...namesInReadme()].sort();
    expect(read.length).toBeGreaterThan(40);
    expect(
      read.filter((name) => !listed.includes(name)),
      'read by the server, missing in README',
    ).toEqual([]);
    expect(
      listed.filter((name) => !read.includes(name) && !FOR_TESTS.has(name)),
      'in README, read by nobody',
    ).toEqual([]);
  });
});
