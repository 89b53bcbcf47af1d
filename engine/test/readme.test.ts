/**
 * The example of engine/README.md is real code: this test takes its first `ts` block, type-checks it
 * with the engine's compiler options (against the source the package exports) and runs it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';

const ENGINE = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(ENGINE, 'README.md'), 'utf8');
const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'toron-readme-'));
const file = join(dir, 'example.ts');
writeFileSync(file, block.replaceAll("from '@toron/engine'", `from '${join(ENGINE, 'src', 'index.ts')}'`));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(join(ENGINE, 'tsconfig.json'), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ENGINE);
  return { ...parsed.options, allowImportingTsExtensions: true, noEmit: true };
}

describe('the README example', () => {
  it('is a debate of about thirty lines from opening to result', () => {
    expect(block).toContain("from '@toron/engine'");
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    expect(lines.length).toBeLessThanOrEqual(35);
  });

  it('type-checks', { timeout: 60_000 }, () => {
    const program = ts.createProgram([file], compilerOptions());
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  });

  it('runs to the result it shows', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await import(pathToFileURL(file).href);
      expect(log.mock.calls).toEqual([
        ['closed', { kind: 'vote', outcome: 'PRO', tally: { agreeNumber: 2, disagreeNumber: 1, neutralNumber: 0 } }],
        [
          [
            { userId: 1, outcome: 'win' },
            { userId: 2, outcome: 'loss' },
          ],
        ],
        ['CLOSED', 24],
      ]);
    } finally {
      log.mockRestore();
    }
  });
});
