/**
 * The STOMP vocabulary lives in the engine's wire module only: every string or template literal in
 * server, web and engine sources that starts like an endpoint or destination of the wire contract
 * fails this test, wherever it appears outside `engine/src/wire/`. Comments may name them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TREES = ['server/src', 'web/src', 'engine/src'];
const WIRE = join('engine', 'src', 'wire') + sep;
// Destinations (/topic/…, /app/…, /user/queue/…, /queue/…) and the STOMP endpoints' paths.
const VOCABULARY = /^(\/topic\/|\/app\/|\/user\/queue\/|\/queue\/|\/room-list\/|\/debate\/|\/observer\/|\/ws(\/|$))/i;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The literals of a source text that spell wire vocabulary, with their line numbers. */
function vocabularyLiterals(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? node.head.text
          : null;
    if (literal !== null && VOCABULARY.test(literal)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
      found.push(`${fileName}:${line + 1} ${literal}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the wire vocabulary has one home', () => {
  it('finds destinations in strings and templates, not in comments or other paths', () => {
    const sample = [
      "const a = '/topic/filteredStatus';",
      'const b = `/app/rooms/${id}/vote`;',
      "const c = `/ws`; const d = '/api/debates/observer/x'; const e = '/debate-zone/1';",
      '// SUBSCRIBE `/topic/debate/{roomId}`',
      "const f = { path: '/room-list/filtered' };",
    ].join('\n');
    expect(vocabularyLiterals('sample.ts', sample)).toEqual([
      'sample.ts:1 /topic/filteredStatus',
      'sample.ts:2 /app/rooms/',
      'sample.ts:3 /ws',
      'sample.ts:5 /room-list/filtered',
    ]);
  });

  it('no endpoint or destination is spelled outside engine/src/wire', () => {
    const strays = TREES.flatMap((tree) => sources(join(ROOT, tree)))
      .map((path) => relative(ROOT, path))
      .filter((path) => !path.startsWith(WIRE))
      .flatMap((path) => vocabularyLiterals(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(strays).toEqual([]);
  });
});
