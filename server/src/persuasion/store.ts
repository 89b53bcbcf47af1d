import type { Side } from '@toron/engine';

/** One debater's swing in one debate. */
interface DebaterSwing {
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

/** The swings of measured debates (SQLite and PostgreSQL implement it alike). */
export interface SwingStore {
  /** Records a debate's swings inside the caller's transaction (the one that ends the room); idempotent. */
  record(roomId: string, measuredAt: number, swings: readonly DebaterSwing[]): Promise<void>;
  /** The persuasion of some members, by user id; members without a measured debate are absent. */
  summaries(userIds: readonly number[]): Promise<Map<number, SwingSummary>>;
  /** Members with a measured debate, most persuasive first (average, then more debates, then user id), one page. */
  mostPersuasive(offset: number, limit: number): Promise<SwingSummary[]>;
}

/** A summary row as both engines read it (the average comes back as text or a number, null for none). */
export const toSummary = (row: { userId: number; average: string | number | null; debates: number }): SwingSummary => ({
  userId: row.userId,
  average: Number(row.average ?? 0),
  debates: Number(row.debates),
});
