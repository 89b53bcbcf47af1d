import type { Storage } from '../../src/db/storage.js';
import { createNewsService, type NewsService } from '../../src/news/service.js';
import type { NewNewsRow } from '../../src/news/tables.js';
import { openTestStorage, type Engine } from '../support/engines.js';

const PUBLIC_URL = 'http://toron.test';

export type NewsDb = {
  storage: Storage;
  service: NewsService;
  /** Creates members and returns their ids. */
  users: (count: number) => Promise<number[]>;
  /** Empties the database (a new property run). */
  reset: () => Promise<void>;
  close: () => Promise<void>;
};

/** A real database of the engine, migrated like the server's, with the news service on it. */
export async function openNewsDb(engine: Engine, now?: () => number): Promise<NewsDb> {
  const test = await openTestStorage(engine);
  const { storage } = test;
  const service = createNewsService({ storage, publicUrl: PUBLIC_URL, ...(now ? { now } : {}) });
  let made = 0;
  const users = async (count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      made += 1;
      const user = await storage.users.insert({
        provider: 'google',
        subject: `news-${made}`,
        nickname: `독자${made}`,
        role: 'ROLE_MEMBER',
      });
      ids.push(user.id);
    }
    return ids;
  };
  return { storage, service, users, reset: () => test.reset(), close: () => test.close() };
}

/** A stored row with defaults for what a test does not care about. */
export function newsRow(n: number, fields: Partial<NewNewsRow> = {}): NewNewsRow {
  return {
    title: `뉴스 ${n}`,
    content: `본문 ${n}`,
    link: `https://news.test/${n}`,
    canonicalLink: `https://news.test/${n}`,
    imgUrl: null,
    newsType: 'HANI',
    continent: 'KR',
    category: 'ETC',
    deliveryTime: Date.UTC(2025, 0, 1) + n * 60_000,
    createdAt: Date.UTC(2025, 0, 1),
    ...fields,
  };
}
