import { replay } from '@toron/engine';
import { readRecordedRoom } from '@toron/fixtures';
import { debateCardOf, type DebateCard } from '../src/sharing/debate-card.js';
import { createPreviewCache } from '../src/sharing/preview/cache.js';
import { debateLayout } from '../src/sharing/preview/debate-layout.js';
import { profileLayout } from '../src/sharing/preview/profile-layout.js';
import { renderCard } from '../src/sharing/preview/render.js';

const CARDS = 40;

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/**
 * Link-preview pictures (docs/sharing.md): the first render (which reads the fonts), then p50/p99
 * and PNG size of distinct debate and member cards, and a cached picture served again.
 */
export async function runPreviewsBench(): Promise<Record<string, unknown>> {
  const base = debateCardOf(replay(readRecordedRoom('one-on-one-vote').events), () => undefined);
  if (!base) throw new Error('the recorded room did not open');
  const debate = (i: number): DebateCard => ({ ...base, roomId: `bench-${i}`, title: `${base.title} (${i}번째 토론)` });
  const member = (i: number) => ({
    userId: i + 1,
    nickname: `토론자${i}`,
    introduction: '근거로 말하고, 상대의 말을 끝까지 듣습니다.',
    wins: i,
    draws: 1,
    losses: 2,
  });

  const first = await timed(() => renderCard(debateLayout(debate(0))));
  const series = async (layout: (i: number) => ReturnType<typeof debateLayout>) => {
    const ms: number[] = [];
    const bytes: number[] = [];
    for (let i = 1; i <= CARDS; i++) {
      const { ms: t, value } = await timed(() => renderCard(layout(i)));
      ms.push(t);
      bytes.push(value.length);
    }
    return {
      p50Ms: round(quantile(ms, 0.5)),
      p99Ms: round(quantile(ms, 0.99)),
      meanKiB: Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024),
    };
  };
  const debates = await series((i) => debateLayout(debate(i)));
  const members = await series((i) => profileLayout(member(i)));

  const cache = createPreviewCache({ busy: () => new Error('busy') });
  const admit = async () => undefined;
  await cache.picture('bench', () => debateLayout(debate(0)), admit);
  const hits: number[] = [];
  for (let i = 0; i < 1000; i++)
    hits.push((await timed(() => cache.picture('bench', () => debateLayout(debate(0)), admit))).ms);

  return {
    cards: CARDS,
    firstRenderMs: Math.round(first.ms),
    debateCard: debates,
    memberCard: members,
    cachedP50Us: round(quantile(hits, 0.5) * 1000),
  };
}
