import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gramDocument } from './grams.js';
import { reactionCounter, type NewsStore } from './store.js';
import { news, newsBookmarks, newsLikes } from './tables.js';

const reactionTables = { like: newsLikes, bookmark: newsBookmarks } as const;

const GRAM_CHUNK = 1_000;

/** Adds an item's one- and two-character grams to the gram index (the caller's transaction). */
function indexGrams(db: Db, id: number, item: { title: string; content: string }): void {
  db.run(sql`INSERT INTO news_grams(rowid, grams) VALUES (${id}, ${gramDocument(item.title, item.content)})`);
}

/** The news store on SQLite: better-sqlite3 is synchronous, so each transaction runs alone. */
export function sqliteNewsStore(db: Db): NewsStore {
  return {
    async insertMany(items) {
      return db.transaction((tx) => {
        let inserted = 0;
        for (const item of items) {
          const row = tx.insert(news).values(item).onConflictDoNothing({ target: news.canonicalLink }).run();
          if (row.changes === 0) continue;
          indexGrams(tx, Number(row.lastInsertRowid), item);
          inserted += 1;
        }
        return inserted;
      });
    },
    // Ids only grow and new items are indexed as they are inserted, so the indexed rows are always
    // the lowest ids; chunks of their own transaction, so an interrupted run resumes.
    async indexOlderGrams() {
      let indexed = 0;
      for (;;) {
        const done = db.get<{ id: number } | undefined>(
          sql`SELECT rowid AS id FROM news_grams ORDER BY rowid DESC LIMIT 1`,
        );
        const rows = db
          .select({ id: news.id, title: news.title, content: news.content })
          .from(news)
          .where(gt(news.id, done?.id ?? 0))
          .orderBy(asc(news.id))
          .limit(GRAM_CHUNK)
          .all();
        if (rows.length === 0) return indexed;
        db.transaction((tx) => rows.forEach((row) => indexGrams(tx, row.id, row)));
        indexed += rows.length;
      }
    },
    async count() {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(news)
          .get()?.n ?? 0
      );
    },
    async findById(id) {
      return db.select().from(news).where(eq(news.id, id)).get();
    },
    async findByLink(link) {
      return db.select().from(news).where(eq(news.link, link)).get();
    },
    async ranking(limit) {
      return db
        .select()
        .from(news)
        .orderBy(desc(news.likeCount), desc(news.deliveryTime), desc(news.id))
        .limit(limit)
        .all();
    },
    async hasReaction(kind, userId, newsId) {
      const table = reactionTables[kind];
      const mine = and(eq(table.userId, userId), eq(table.newsId, newsId));
      return db.select({ id: table.id }).from(table).where(mine).get() !== undefined;
    },
    async setReaction(kind, userId, newsId, on, now) {
      const table = reactionTables[kind];
      const counter = reactionCounter[kind];
      return db.transaction((tx) => {
        if (!tx.select({ id: news.id }).from(news).where(eq(news.id, newsId)).get()) return 'NEWS_NOT_FOUND';
        const changes = on
          ? tx.insert(table).values({ userId, newsId, createdAt: now }).onConflictDoNothing().run().changes
          : tx
              .delete(table)
              .where(and(eq(table.userId, userId), eq(table.newsId, newsId)))
              .run().changes;
        if (changes === 0) return 'UNCHANGED';
        tx.update(news)
          .set({ [counter]: sql`${news[counter]} + ${on ? 1 : -1}` })
          .where(eq(news.id, newsId))
          .run();
        return 'CHANGED';
      });
    },
    async reactionsOf(kind, userId) {
      const table = reactionTables[kind];
      return db
        .select({ newsId: table.newsId, title: news.title, continent: news.continent, createdAt: table.createdAt })
        .from(table)
        .innerJoin(news, eq(news.id, table.newsId))
        .where(eq(table.userId, userId))
        .orderBy(desc(table.createdAt), desc(table.id))
        .all();
    },
  };
}
