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

/** A push to queue: to the browsers of `userId`, made at `at`. */
export type QueuedPush = { userId: number; message: PushMessage; at: Date };

/** The row values of a queued push. */
export const queuedValues = ({ userId, message, at }: QueuedPush) => ({ userId, ...message, createdAt: at.getTime() });

export interface PushOutboxStore {
  /** Queues pushes to the users' browsers (one statement however many). */
  add(pushes: readonly QueuedPush[]): Promise<void>;
  /**
   * Claims up to `limit` pushes nobody holds, oldest first, for `holdMs` by the database's clock;
   * pushes another node is claiming at the same moment are skipped, not waited for.
   */
  claim(limit: number, holdMs: number): Promise<OutboxRow[]>;
  /** Removes a push that was sent (or will never be). */
  done(id: number): Promise<void>;
}
