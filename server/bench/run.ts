import { runNewsBench } from './news.bench.js';

// `pnpm --filter @toron/server run bench`: runs every server benchmark in turn and prints
// one JSON object of figures. Add a bench by adding an entry here.
const benches: Record<string, () => Promise<Record<string, unknown>>> = {
  news: runNewsBench,
};

const figures: Record<string, unknown> = {};
for (const [name, run] of Object.entries(benches)) figures[name] = await run();
process.stdout.write(`${JSON.stringify({ package: '@toron/server', node: process.version, figures }, null, 2)}\n`);
