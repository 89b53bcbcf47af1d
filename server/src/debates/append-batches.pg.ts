/**
 * Running rooms' appends on PostgreSQL, several rooms to a statement. The chat lines and ballots
 * of a running room are appended outside any transaction, each its head moving on under the
 * room's fence. Those asked for during one event-loop turn wait for its end and travel together:
 * a burst of ballots across rooms costs one round trip and one WAL flush, not one per room (on
 * SQLite the connection gate shares commits the same way). Each room still learns its own outcome,
 * whether its fence held; if the shared statement fails (a room's seq already taken aborts all of
 * it), each room's append runs again alone, so a failure stays with the room it belongs to.
 */
import { sql } from 'drizzle-orm';
import { fenceHolds } from '../cluster/heads.js';
import { roomHeads } from '../cluster/tables.pg.js';
import type { PgDb } from '../db/postgres.js';
import { roomEvents } from './tables.pg.js';

/** One running room's append: its events (a JSON array) after `fromSeq`, under its owner's fence. */
interface RunningAppend {
  readonly roomId: string;
  readonly nodeId: string;
  readonly epoch: number;
  readonly fromSeq: number;
  readonly toSeq: number;
  readonly events: string;
}

/** Appends one room's events alone; resolves with whether its fence held (the events are in). */
export type AppendAlone = (append: RunningAppend) => Promise<boolean>;

interface Waiting {
  readonly append: RunningAppend;
  readonly resolve: (appended: boolean) => void;
  readonly reject: (error: unknown) => void;
}

interface Batch {
  readonly waiting: Map<string, Waiting>;
  /** Set when it leaves (full, or at the end of its turn): it takes no more and goes once. */
  gone: boolean;
  /** Settles once every append of the batch has its outcome. */
  readonly sent: Promise<void>;
  readonly markSent: () => void;
}

/** At most this many rooms to a statement; a full batch goes at once. */
const BATCH_LIMIT = 200;

/** The columns of `room_events` from `e`, one element of a batch's JSON array of events. */
export const eventColumns = sql`(e ->> 'seq')::integer, (e ->> 'at')::bigint, e ->> 'type', e, (e ->> 'v')::integer`;

/**
 * The batch as one JSON array, each room's events (already JSON) spliced in as they are: as a
 * string inside the array they would be escaped here and parsed twice by PostgreSQL.
 */
const batchJson = (appends: readonly RunningAppend[]): string =>
  `[${appends.map(({ events, ...fence }) => `${JSON.stringify(fence).slice(0, -1)},"events":${events}}`).join(',')}]`;

/** The statement of a batch: every fence checked and every head moved at once; returns the rooms whose fence held. */
const batchStatement = (appends: readonly RunningAppend[]) => {
  const input = sql`jsonb_to_recordset(${batchJson(appends)}::jsonb)
    AS i("roomId" text, "nodeId" text, epoch integer, "fromSeq" integer, "toSeq" integer, events jsonb)`;
  const fence = fenceHolds(roomHeads, {
    roomId: sql`i."roomId"`,
    nodeId: sql`i."nodeId"`,
    epoch: sql`i.epoch`,
    fromSeq: sql`i."fromSeq"`,
  });
  return sql`WITH i AS (SELECT * FROM ${input}),
    head AS (
      UPDATE ${roomHeads} SET last_seq = i."toSeq" FROM i WHERE ${fence} RETURNING ${roomHeads.roomId} AS room_id
    ),
    appended AS (
      INSERT INTO ${roomEvents} (room_id, seq, at, type, payload, v)
      SELECT i."roomId", ${eventColumns}
      FROM i JOIN head ON head.room_id = i."roomId" CROSS JOIN LATERAL jsonb_array_elements(i.events) AS e
    )
    SELECT room_id FROM head`;
};

/** Batches the running-room appends on `db` (a pool of its own, never a transaction), `alone` sending one by itself. */
export function appendBatches(db: PgDb, alone: AppendAlone): AppendAlone {
  let open: Batch | null = null;

  const send = async (batch: Batch): Promise<void> => {
    if (batch.gone) return;
    batch.gone = true;
    if (open === batch) open = null;
    const waiting = [...batch.waiting.values()];
    try {
      if (waiting.length === 1) {
        const [one] = waiting as [Waiting];
        await alone(one.append).then(one.resolve, one.reject);
        return;
      }
      let moved: Set<string>;
      try {
        const result = await db.execute<{ room_id: string }>(batchStatement(waiting.map((w) => w.append)));
        moved = new Set(result.rows.map((row) => row.room_id));
      } catch {
        // Nothing of it was written: each room tries alone and gets its own outcome.
        await Promise.all(waiting.map((w) => alone(w.append).then(w.resolve, w.reject)));
        return;
      }
      for (const w of waiting) w.resolve(moved.has(w.append.roomId));
    } finally {
      batch.markSent();
    }
  };

  const append: AppendAlone = (next) => {
    // A room's next append comes after its last one's outcome (its actor waits for it); should one
    // come sooner, it follows that batch rather than race it in the same statement.
    if (open?.waiting.has(next.roomId)) return open.sent.then(() => append(next));
    if (!open) {
      let markSent = () => {};
      const sent = new Promise<void>((resolve) => (markSent = resolve));
      const batch: Batch = { waiting: new Map(), gone: false, sent, markSent };
      open = batch;
      setImmediate(() => void send(batch));
    }
    const batch: Batch = open;
    return new Promise<boolean>((resolve, reject) => {
      batch.waiting.set(next.roomId, { append: next, resolve, reject });
      if (batch.waiting.size >= BATCH_LIMIT) void send(batch);
    });
  };
  return append;
}
