import { loadDemoNews, type DemoNewsItem } from '@toron/fixtures';
import type { AppDeps } from '../deps.js';
import type { NewNewsRow } from './tables.js';

/** Where our server serves a demo article (stored as a path, made absolute in answers). */
export const demoArticlePath = (id: number): string => `/news-articles/${id}`;
/** Where our server serves a demo image. */
export const demoImagePath = (name: string): string => `/news-images/${name}`;

/** The stored row of a demo item: published `publishedOffsetMinutes` before `now`. */
function demoNewsRow(item: DemoNewsItem, now: number): NewNewsRow {
  return {
    title: item.title,
    content: item.content,
    link: demoArticlePath(item.id),
    canonicalLink: demoArticlePath(item.id),
    imgUrl: demoImagePath(item.image),
    newsType: item.newsType,
    continent: item.continent,
    category: item.category,
    deliveryTime: now - item.publishedOffsetMinutes * 60_000,
    createdAt: now,
  };
}

/**
 * Loads the demo corpus on first start. Idempotent: items are keyed by their article path,
 * so later starts insert nothing and keep likes, bookmarks and publication times.
 */
export async function seedDemoNews(deps: AppDeps, now: number = Date.now()): Promise<{ created: number }> {
  const created = await deps.storage.news.insertMany(loadDemoNews().map((item) => demoNewsRow(item, now)));
  if (created > 0) deps.logger.info({ created }, 'demo news seeded');
  return { created };
}
