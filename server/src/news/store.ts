import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Continent } from './codes.js';
import { gramDocument } from './grams.js';
import { news, newsBookmarks, newsLikes, type NewNewsRow, type NewsRow } from './tables.js';

/** A like or a bookmark: same rules, different table and counter. */
export type ReactionKind = 'like' | 'bookmark';

/** Outcome of adding or removing a reaction; a repeat is a no-op, not an error. */
export type ReactionOutcome = 'CHANGED' | 'UNCHANGED' | 'NEWS_NOT_FOUND';

export interface ReactionEntry {
  newsId: number;
  title: string;
  continent: Continent;
  createdAt: number;
}

const reactionTables = {
  like: { table: newsLikes, counter: news.likeCount, column: 'likeCount' },
  bookmark: { table: newsBookmarks, counter: news.bookmarkCount, column: 'bookmarkCount' },
} as const;

const GRAM_CHUNK = 1_000;

/** Adds an item's one- and two-character grams to the gram index (the caller's transaction). */
function indexGrams(db: Db, id: number, item: { title: string; content: string }): void {
  db.run(sql`INSERT INTO news_grams(rowid, grams) VALUES (${id}, ${gramDocument(item.title, item.content)})`);
}

/**
 * Storage of news, likes and bookmarks (everything but the list query, see list-store.ts).
 * better-sqlite3 is synchronous, so each transaction runs alone and counters can never
 * drift from their rows.
 */
export function createNewsStore(db: Db) {
  return {
    /** Inserts items whose canonical link is new; returns how many were inserted. */
    insertMany(items: readonly NewNewsRow[]): number {
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

    /**
     * Indexes the grams of items stored before the gram index existed, in chunks of their own
     * transaction (ids only grow and new items are indexed as they are inserted, so the indexed
     * rows are always the lowest ids, and an interrupted run resumes). Returns how many it indexed.
     */
    indexOlderGrams(): number {
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

    count(): number {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(news)
          .get()?.n ?? 0
      );
    },

    findById(id: number): NewsRow | undefined {
      return db.select().from(news).where(eq(news.id, id)).get();
    },

    findByLink(link: string): NewsRow | undefined {
      return db.select().from(news).where(eq(news.link, link)).get();
    },

    /** Top items by likes, newest first among ties. */
    ranking(limit: number): NewsRow[] {
      return db
        .select()
        .from(news)
        .orderBy(desc(news.likeCount), desc(news.deliveryTime), desc(news.id))
        .limit(limit)
        .all();
    },

    hasReaction(kind: ReactionKind, userId: number, newsId: number): boolean {
      const { table } = reactionTables[kind];
      const row = db
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.newsId, newsId)))
        .get();
      return row !== undefined;
    },

    /** Adds (on) or removes (off) a reaction and moves the counter in the same transaction. */
    setReaction(kind: ReactionKind, userId: number, newsId: number, on: boolean, now: number): ReactionOutcome {
      const { table, counter } = reactionTables[kind];
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
          .set({ [reactionTables[kind].column]: sql`${counter} + ${on ? 1 : -1}` })
          .where(eq(news.id, newsId))
          .run();
        return 'CHANGED';
      });
    },

    /** A user's likes or bookmarks, newest first. */
    reactionsOf(kind: ReactionKind, userId: number): ReactionEntry[] {
      const { table } = reactionTables[kind];
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

export type NewsStore = ReturnType<typeof createNewsStore>;
