/**
 * Web Pushes waiting to be sent (`push_outbox`), so that each is sent once whichever node made its
 * notification, and none is lost when that node stops before sending. SQLite and PostgreSQL
 * implement it alike; rows are checked when read.
 */
import { z } from 'zod';

/** What a push carries (the service worker shows title and body and opens url on click). */
const pushMessage = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushMessage = z.infer<typeof pushMessage>;

/** A claimed push: this node sends it, then calls `done`. */
export const outboxRow = pushMessage.extend({ id: z.number().int().positive(), userId: z.number().int().positive() });
type OutboxRow = z.infer<typeof outboxRow>;

export interface PushOutboxStore {
  /** Queues a push to the user's browsers. */
  add(userId: number, message: PushMessage, at: Date): Promise<void>;
  /**
   * Claims up to `limit` pushes nobody holds, oldest first, for `holdMs` by the database's clock;
   * pushes another node is claiming at the same moment are skipped, not waited for.
   */
  claim(limit: number, holdMs: number): Promise<OutboxRow[]>;
  /** Removes a push that was sent (or will never be). */
  done(id: number): Promise<void>;
}
