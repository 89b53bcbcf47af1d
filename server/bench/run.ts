import { runLiveBench } from './live.bench.js';
import { runNewsBench } from './news.bench.js';
import { runPreviewsBench } from './previews.bench.js';
import { runStartupBench } from './startup.bench.js';

// `pnpm --filter @toron/server run bench [name…]`: runs every server benchmark (or only the named
// ones: news, live, startup, previews) in turn and prints one JSON object of figures. Add a bench by adding an entry
// here.
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  news: runNewsBench,
  live: runLiveBench,
  startup: runStartupBench,
  previews: runPreviewsBench,
};

const wanted = process.argv.slice(2).filter((a) => a in benches);
const figures: Record<string, unknown> = {};
for (const [name, run] of Object.entries(benches))
  if (wanted.length === 0 || wanted.includes(name)) figures[name] = await run();
process.stdout.write(`${JSON.stringify({ package: '@toron/server', node: process.version, figures }, null, 2)}\n`);
