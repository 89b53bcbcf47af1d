import type { Continent } from './codes.js';
import type { NewNewsRow, NewsRow } from './tables.js';

/** A like or a bookmark: same rules, different table and counter. */
export type ReactionKind = 'like' | 'bookmark';

/** Outcome of adding or removing a reaction; a repeat is a no-op, not an error. */
type ReactionOutcome = 'CHANGED' | 'UNCHANGED' | 'NEWS_NOT_FOUND';

interface ReactionEntry {
  newsId: number;
  title: string;
  continent: Continent;
  createdAt: number;
}

/**
 * Storage of news, likes and bookmarks (everything but the list query, see list-store.ts);
 * SQLite and PostgreSQL implement it alike. A reaction row and its counter change in one
 * transaction, and a repeated reaction is refused by a unique index, so counters never drift
 * from their rows, also under concurrent requests.
 */
export interface NewsStore {
  /** Inserts items whose canonical link is new; returns how many were inserted. */
  insertMany(items: readonly NewNewsRow[]): Promise<number>;
  /**
   * Indexes for search the items stored before the gram index existed (SQLite's gram table,
   * PostgreSQL's gram column; copied rows too). Returns how many.
   */
  indexOlderGrams(): Promise<number>;
  count(): Promise<number>;
  findById(id: number): Promise<NewsRow | undefined>;
  findByLink(link: string): Promise<NewsRow | undefined>;
  /** Top items by likes, newest first among ties. */
  ranking(limit: number): Promise<NewsRow[]>;
  hasReaction(kind: ReactionKind, userId: number, newsId: number): Promise<boolean>;
  /** Adds (on) or removes (off) a reaction and moves the counter in the same transaction. */
  setReaction(kind: ReactionKind, userId: number, newsId: number, on: boolean, now: number): Promise<ReactionOutcome>;
  /** A user's likes or bookmarks, newest first. */
  reactionsOf(kind: ReactionKind, userId: number): Promise<ReactionEntry[]>;
}

/** The counter column a reaction kind moves. */
export const reactionCounter = { like: 'likeCount', bookmark: 'bookmarkCount' } as const;
