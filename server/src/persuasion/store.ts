import { avg, count, desc, inArray } from 'drizzle-orm';
import type { Side } from '@toron/engine';
import type { Db } from '../db/client.js';
import { debaterSwings } from './tables.js';

/** One debater's swing in one debate. */
export interface DebaterSwing {
  readonly userId: number;
  readonly side: Side;
  readonly swing: number;
}

/** A member's persuasion over their measured debates. */
export interface SwingSummary {
  readonly userId: number;
  /** Mean percentage points gained per measured debate. */
  readonly average: number;
  readonly debates: number;
}

/** Records a debate's swings inside the caller's transaction (the one that ends the room); idempotent. */
export function recordSwings(tx: Db, roomId: string, measuredAt: number, swings: readonly DebaterSwing[]): void {
  for (const s of swings) {
    tx.insert(debaterSwings)
      .values({ roomId, userId: s.userId, side: s.side, swing: s.swing, measuredAt })
      .onConflictDoNothing()
      .run();
  }
}

const summary = { userId: debaterSwings.userId, average: avg(debaterSwings.swing), debates: count() };
const toSummary = (row: { userId: number; average: string | null; debates: number }): SwingSummary => ({
  userId: row.userId,
  average: Number(row.average ?? 0),
  debates: row.debates,
});

/** The persuasion of some members, by user id; members without a measured debate are absent. */
export function swingSummaries(db: Db, userIds: readonly number[]): Map<number, SwingSummary> {
  if (userIds.length === 0) return new Map();
  const rows = db
    .select(summary)
    .from(debaterSwings)
    .where(inArray(debaterSwings.userId, [...userIds]))
    .groupBy(debaterSwings.userId)
    .all();
  return new Map(rows.map((row) => [row.userId, toSummary(row)]));
}

/** Members with a measured debate, most persuasive first (average, then more debates, then user id), one page. */
export function mostPersuasive(db: Db, offset: number, limit: number): SwingSummary[] {
  return db
    .select(summary)
    .from(debaterSwings)
    .groupBy(debaterSwings.userId)
    .orderBy(desc(avg(debaterSwings.swing)), desc(count()), debaterSwings.userId)
    .limit(limit)
    .offset(offset)
    .all()
    .map(toSummary);
}
