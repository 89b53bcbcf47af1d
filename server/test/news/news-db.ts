import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createNewsService, type NewsService } from '../../src/news/service.js';
import type { NewNewsRow } from '../../src/news/tables.js';
import { insertUser } from '../../src/users/store.js';

const PUBLIC_URL = 'http://toron.test';

export type NewsDb = {
  database: Database;
  service: NewsService;
  /** Creates members and returns their ids. */
  users: (count: number) => number[];
  close: () => void;
};

/** A real SQLite file in a temp dir, migrated like the server's, with the news service on it. */
export function openNewsDb(now?: () => number): NewsDb {
  const dir = mkdtempSync(path.join(tmpdir(), 'toron-news-'));
  const database = openDatabase(path.join(dir, 'toron.db'));
  const service = createNewsService({
    db: database.db,
    sqlite: database.sqlite,
    publicUrl: PUBLIC_URL,
    ...(now ? { now } : {}),
  });
  let made = 0;
  const users = (count: number) =>
    Array.from({ length: count }, () => {
      made += 1;
      return insertUser(database.db, {
        provider: 'google',
        subject: `news-${made}`,
        nickname: `독자${made}`,
        role: 'ROLE_MEMBER',
      }).id;
    });
  return {
    database,
    service,
    users,
    close: () => {
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
