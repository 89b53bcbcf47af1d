/**
 * Moves SQLite's WAL checkpoints off the event loop. Every commit only appends to the WAL
 * (`synchronous = NORMAL`); copying the WAL back into the database file and syncing it — the
 * checkpoint — is what costs, and SQLite runs it inside whichever commit crosses its threshold,
 * which on the server's one thread stalls every room and connection for that long. Here the
 * server's connection checkpoints no more by itself, and a worker thread with a connection of
 * its own runs a passive checkpoint (it never waits for the writer) every second. Should the
 * worker fail, the server's connection checkpoints by itself again as before.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

const EVERY_MS = 1_000;
/** SQLite's own default: checkpoint in the commit that grows the WAL past this many pages. */
const AUTOCHECKPOINT_PAGES = 1_000;

// A script rather than a module file, so the same code runs from the sources and from the build.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or interrupted: the next tick tries again
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /** Stops the worker and closes its connection (before the server's connection closes). */
  stop(): Promise<void>;
}

/** Starts checkpointing `file` (the database `sqlite` has open) from a worker thread. */
export function startWalCheckpointer(sqlite: Database.Database, file: string): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, file, everyMs: EVERY_MS } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  };
  worker.once('error', fallBack);
  void exited.then(fallBack);
  return {
    async stop() {
      stopping = true;
      worker.ref(); // the process waits for the worker to close its connection
      worker.postMessage('stop');
      await exited;
    },
  };
}
