/**
 * Bundle bench: the gzip size of the JavaScript (and, separately, the CSS) a first visit to
 * `/` and to `/debate-rooms` loads. Measured the honest way, in Chromium against the real
 * built server: every script and stylesheet the page fetches until the network is idle,
 * each gzipped here (level 9). The Vite manifest's static-import closure of the entry plus
 * the route's lazy chunk is printed beside it as a cross-check. Prints JSON.
 *
 * `sh scripts/pnpm.sh --filter @toron/web run bench` (builds web/dist first unless BENCH_NO_BUILD=1).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { repoRoot, startServer } from '../e2e/support/server';

const KB = 1024;
const TARGETS = { '/': 110 * KB, '/debate-rooms': 200 * KB };
const dist = path.join(repoRoot, 'web/dist');
const gz = (bytes: Buffer | string): number => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number): number => Math.round((n / KB) * 10) / 10;

interface Loaded {
  js: { files: number; raw: number; gzip: number };
  css: { files: number; raw: number; gzip: number };
}

/** Loads `url` in a fresh page and sums the scripts and stylesheets it fetched. */
async function measure(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<Loaded> {
  const bodies: Array<Promise<{ kind: 'js' | 'css'; body: Buffer } | null>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const kind = type === 'script' ? 'js' : type === 'stylesheet' ? 'css' : null;
    if (!kind || !response.ok()) return;
    bodies.push(
      response.body().then(
        (body) => ({ kind, body }),
        () => null,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const loaded: Loaded = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
  for (const item of await Promise.all(bodies)) {
    if (!item) continue;
    const sum = loaded[item.kind];
    sum.files += 1;
    sum.raw += item.body.length;
    sum.gzip += gz(item.body);
  }
  return loaded;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean; src?: string }>;

/** The manifest's view: the entry's static closure plus the route chunk's static closure. */
function fromManifest(routeSrc: string | null): { jsGzip: number; cssGzip: number } | null {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const seen = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (entry) visit(entry);
  if (routeSrc && manifest[routeSrc]) visit(routeSrc);
  const size = (f: string) => gz(readFileSync(path.join(dist, f)));
  return {
    jsGzip: [...seen].reduce((n, k) => n + size(manifest[k]?.file ?? ''), 0),
    cssGzip: [...css].reduce((n, f) => n + size(f), 0),
  };
}

async function signedInState(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url });
  const page = await context.newPage();
  await page.goto('/login');
  const href = await page.getByRole('link', { name: 'Google로 로그인' }).getAttribute('href');
  const login = new URL(href ?? '', url);
  login.searchParams.set('login_hint', 'minji');
  await page.goto(login.toString());
  await page.waitForURL(/\/main$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function main(): Promise<void> {
  if (process.env.BENCH_NO_BUILD !== '1' || !existsSync(path.join(dist, 'index.html'))) {
    execFileSync('sh', ['scripts/pnpm.sh', '--filter', '@toron/web', 'run', 'build'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
  }
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const landing = await browser.newContext({ baseURL: server.url });
    const home = await measure(await landing.newPage(), '/', async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    });
    await landing.close();

    const member = await browser.newContext({
      baseURL: server.url,
      storageState: await signedInState(browser, server.url),
    });
    const rooms = await measure(await member.newPage(), '/debate-rooms', async (page) => {
      await page.getByRole('heading', { name: '토론방 목록' }).waitFor();
      await page
        .getByText(/현재 표시할 토론방이 없습니다|실시간으로 갱신되고 있어요/)
        .first()
        .waitFor();
    });
    await member.close();

    const report = (loaded: Loaded, target: number, routeSrc: string | null) => {
      const manifest = fromManifest(routeSrc);
      return {
        jsGzipKB: kb(loaded.js.gzip),
        jsRawKB: kb(loaded.js.raw),
        jsFiles: loaded.js.files,
        cssGzipKB: kb(loaded.css.gzip),
        targetKB: kb(target),
        withinTarget: loaded.js.gzip <= target,
        manifestStaticClosure: manifest && { jsGzipKB: kb(manifest.jsGzip), cssGzipKB: kb(manifest.cssGzip) },
      };
    };
    console.log(
      JSON.stringify(
        {
          method: 'Chromium first visit (fresh context, network idle); each script/stylesheet gzipped at level 9',
          '/': report(home, TARGETS['/'], 'src/features/landing/LandingPage.tsx'),
          '/debate-rooms': report(rooms, TARGETS['/debate-rooms'], 'src/features/debate-rooms/DebateRoomsPage.tsx'),
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
