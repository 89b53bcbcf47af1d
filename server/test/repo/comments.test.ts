/**
 * The repository stands on its own (docs/engineering.md#where-the-rules-come-from): source, tests,
 * scripts and docs cite the rules in `docs/`, never a document outside the repository, and no
 * comment narrates history ("(issue 7)"). Every `docs/<file>.md#anchor` cited anywhere must name a
 * heading of that file, so a renamed section breaks this test rather than the reader's link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TREES = ['docs', 'scripts', 'engine', 'server', 'web', 'fixtures'];
const ROOT_FILES = ['README.md', 'eslint.config.js', 'vitest.config.ts', 'package.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'drizzle', 'public', 'coverage']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|sh|md|css|html)$/;
const SELF = fileURLToPath(import.meta.url);

/** Citations of documents that live outside the repository. */
const OUTSIDE = [
  /\.\.\/shared\//,
  /\bshared\/(spec|design|code-style|toolchain|design-cluster)\b/,
  /\bspec\/(README|part[12]|wire-contract|reference-rules)/,
  /\bpart ?[12]\b/i,
  /\breference-rules\b/,
  /\bwire[- ]contract ?\(?§/i,
  /\btoolchain ?§/i,
  /(?<!TR39 |RFC \d+ |STOMP 1\.2 )§ ?\d/,
];
/** History notes: what a change was for, not why the code is as it is. */
const HISTORY = [/\bissue ?#?\d+/i, /\(issue[\s,:]/i, /\bwill hook\b/i, /\bTODO\b/, /\bFIXME\b/];
const DOC_LINK = /\bdocs\/([\w-]+\.md)(?:#([\w\-\u3131-\uD79D]+))?/g;
const LOCAL_LINK = /\]\((?:([\w-]+\.md))?#([\w\-\u3131-\uD79D]+)\)/g;

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIPPED_DIRS.has(name) ? [] : files(path);
    return TEXT_FILE.test(name) && path !== SELF ? [path] : [];
  });
}

const tracked = [...TREES.flatMap((tree) => files(join(ROOT, tree))), ...ROOT_FILES.map((f) => join(ROOT, f))];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const headings = markdown.split('\n').filter((line) => /^#{1,6} /.test(line));
  return new Set(headings.map((line) => slugOf(line.replace(/^#+ /, ''))));
}

/** Lines of `text` that match any of `patterns`, as `path:line text`. */
function offending(path: string, text: string, patterns: readonly RegExp[]): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      patterns.some((p) => p.test(line)) ? [`${relative(ROOT, path)}:${i + 1} ${line.trim()}`] : [],
    );
}

/** Cited `docs/` files and anchors that do not exist, as `path:line target`. */
function brokenLinks(path: string, text: string): string[] {
  const inDocs = relative(ROOT, path).split(sep)[0] === 'docs' && path.endsWith('.md');
  const broken: string[] = [];
  text.split('\n').forEach((line, i) => {
    const targets = [...line.matchAll(DOC_LINK)].map((m) => ({ file: m[1] ?? '', anchor: m[2] }));
    if (inDocs) {
      const own = relative(join(ROOT, 'docs'), path);
      for (const m of line.matchAll(LOCAL_LINK)) targets.push({ file: m[1] ?? own, anchor: m[2] });
    }
    for (const { file, anchor } of targets) {
      const doc = join(ROOT, 'docs', file);
      const ok = existsSync(doc) && (anchor === undefined || anchorsOf(readFileSync(doc, 'utf8')).has(anchor));
      if (!ok) broken.push(`${relative(ROOT, path)}:${i + 1} docs/${file}${anchor ? `#${anchor}` : ''}`);
    }
  });
  return broken;
}

describe('the repository stands on its own', () => {
  it('recognises outside citations, history notes and anchors (checked on samples)', () => {
    const sample = [
      '// The vote (part2 §4) and the envelope (wire-contract §0).',
      '// See ../shared/spec/README.md and reference-rules §11.',
      '// Wiring (issue 7): the socket. TODO: later.',
      '// Unicode TR39 §5.2 and RFC 6750 §2.1 are standards, not our documents.',
      '// The vote (docs/product-rules.md#voting), the envelope (docs/wire-contract.md#envelope).',
    ].join('\n');
    const lines = (patterns: readonly RegExp[]) =>
      offending(join(ROOT, 'sample.ts'), sample, patterns).map((l) => l.split(' ')[0]);
    expect(lines(OUTSIDE)).toEqual(['sample.ts:1', 'sample.ts:2']);
    expect(lines(HISTORY)).toEqual(['sample.ts:3']);
    expect(brokenLinks(join(ROOT, 'x.ts'), '// docs/product-rules.md#voting and docs/product-rules.md#nope')).toEqual([
      'x.ts:1 docs/product-rules.md#nope',
    ]);
    expect(slugOf('Reports and sanctions')).toBe('reports-and-sanctions');
    expect(slugOf('Sign-in and session')).toBe('sign-in-and-session');
    expect(slugOf('설득력')).toBe('설득력');
  });

  it('walks the source, test, script and docs trees', () => {
    const names = tracked.map((p) => relative(ROOT, p));
    expect(names).toContain(join('docs', 'product-rules.md'));
    expect(names).toContain(join('server', 'src', 'app.ts'));
    expect(names).toContain(join('web', 'e2e', 'debate.test.ts'));
    expect(names.length).toBeGreaterThan(300);
  });

  it('cites no document outside the repository', () => {
    const found = tracked.flatMap((path) => offending(path, readFileSync(path, 'utf8'), OUTSIDE));
    expect(found).toEqual([]);
  });

  it('has no history notes', () => {
    const found = tracked.flatMap((path) => offending(path, readFileSync(path, 'utf8'), HISTORY));
    expect(found).toEqual([]);
  });

  it('cites only docs files and sections that exist', () => {
    const found = tracked.flatMap((path) => brokenLinks(path, readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
