/**
 * One word for watching a debate (docs/engineering.md#web-conventions): the room list's button, the badge and
 * the user's records say 참관, so no screen, message or document may call it 관전 (참관자, not 관전자).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TREES = [
  'web/src',
  'web/index.html',
  'engine/src',
  'server/src',
  'fixtures/src',
  'fixtures/rooms',
  'docs',
  'README.md',
];
const SYNONYM = '관전';

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

describe('the word for watching a debate', () => {
  const sources = TREES.flatMap((tree) => files(join(ROOT, tree)));

  it('walks the screens, the engine, the server, the demo rooms and the docs', () => {
    const names = sources.map((p) => relative(ROOT, p));
    expect(names).toContain(join('web', 'src', 'lib', 'routes.ts'));
    expect(names).toContain(join('engine', 'src', 'decide', 'rejection.ts'));
    expect(names).toContain(join('server', 'src', 'http', 'asyncapi.ts'));
    expect(names).toContain(join('docs', 'product-rules.md'));
  });

  it(`is 참관 everywhere, never ${SYNONYM}`, () => {
    const found = sources.flatMap((path) =>
      readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.includes(SYNONYM) ? [`${relative(ROOT, path)}:${i + 1} ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
