/**
 * SQLite runs every statement on one connection, so a transaction that awaits between its
 * statements must keep other callers off that connection until it commits or rolls back: their
 * statements would otherwise land inside it. Calls outside a transaction wait while one is open;
 * a transaction waits for the calls already running to end before it begins.
 *
 * Transactions share commits (group commit): the ones requested during one event-loop turn run
 * one after another inside one BEGIN … COMMIT, each in a savepoint of its own, and that COMMIT
 * comes at the end of the turn. Each caller still gets its result only after the commit, and a
 * transaction that throws rolls back only its own writes. Under a burst of room commands this
 * turns thousands of commits (each a WAL write) into a few dozen; alone, a transaction costs what
 * it did.
 */
import type BetterSqlite3 from 'better-sqlite3';

/** The statements the gate runs, prepared once on the connection. */
export interface TransactionStatements {
  readonly begin: () => void;
  readonly commit: () => void;
  /** Rolls back the whole transaction, if one is still open. */
  readonly rollback: () => void;
  readonly savepoint: () => void;
  readonly release: () => void;
  /** Rolls back to the savepoint (which stays, to be released). */
  readonly rollbackToSavepoint: () => void;
  /** Whether a transaction is open (SQLite ends one by itself on a full disk or an I/O error). */
  readonly inTransaction: () => boolean;
}

/**
 * The gate's statements on `sqlite`, prepared once: every room command is a transaction, and `exec`
 * would compile them each time.
 */
export function transactionStatements(sqlite: BetterSqlite3.Database): TransactionStatements {
  const [begin, commit, rollback, savepoint, release, rollbackToSavepoint] = [
    'BEGIN IMMEDIATE',
    'COMMIT',
    'ROLLBACK',
    'SAVEPOINT member',
    'RELEASE member',
    'ROLLBACK TO member',
  ].map((text) => sqlite.prepare(text));
  return {
    begin: () => void begin!.run(),
    commit: () => void commit!.run(),
    rollback: () => {
      if (sqlite.inTransaction) rollback!.run();
    },
    savepoint: () => void savepoint!.run(),
    release: () => void release!.run(),
    rollbackToSavepoint: () => void rollbackToSavepoint!.run(),
    inTransaction: () => sqlite.inTransaction,
  };
}

interface Job {
  readonly body: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** How one member of a group ended: its value, or the error its own body threw. */
type Outcome = { readonly job: Job } & (
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown }
);

/** At most this many transactions share a commit; a full group commits without waiting for the turn's end. */
const GROUP_LIMIT = 256;

/** Resolves after the I/O callbacks of the current event-loop turn (setImmediate runs after them). */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ConnectionGate {
  /** Settles when the group being run has committed or rolled back; null when none is. */
  private open: Promise<void> | null = null;
  private readonly queue: Job[] = [];
  private running = false;
  private calls = 0;
  private callsEnded: (() => void) | null = null;

  /** Runs a call outside any transaction. */
  async call<T>(op: () => Promise<T>): Promise<T> {
    while (this.open) await this.open;
    this.calls++;
    try {
      return await op();
    } finally {
      if (--this.calls === 0) this.callsEnded?.();
    }
  }

  /** Runs `body` in a transaction (shared with the others of this turn); it rolls back when `body` throws. */
  transaction<T>(statements: TransactionStatements, body: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ body, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.run(statements);
    });
  }

  /** The same store, each method waiting for any open transaction first. */
  guard<S extends object>(store: S): S {
    return Object.fromEntries(
      Object.entries(store).map(([name, method]) => [
        name,
        (...args: unknown[]) => this.call(() => (method as (...a: unknown[]) => Promise<unknown>)(...args)),
      ]),
    ) as S;
  }

  /** Runs groups while transactions wait, letting the calls that waited for one run before the next. */
  private async run(statements: TransactionStatements): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        let release = () => {};
        this.open = new Promise((resolve) => (release = resolve));
        if (this.calls > 0) await new Promise<void>((resolve) => (this.callsEnded = resolve));
        this.callsEnded = null;
        try {
          await this.group(statements);
        } finally {
          this.open = null;
          release();
        }
        // The calls that waited resume first (and count themselves in `calls`) before the next BEGIN.
        await Promise.resolve();
      }
    } finally {
      this.running = false;
    }
  }

  /** One BEGIN … COMMIT for the transactions waiting now and those that arrive until the turn ends. */
  private async group(statements: TransactionStatements): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      statements.begin();
    } catch (error) {
      // No transaction to run it in (the connection closed): the first waiting caller learns why.
      this.queue.shift()?.reject(error);
      return;
    }
    try {
      if ((await this.drain(statements, outcomes)) && outcomes.length > 0) {
        await endOfTurn();
        await this.drain(statements, outcomes);
      }
      statements.commit();
    } catch (groupError) {
      statements.rollback();
      // Every member's writes are gone: its own error for a member that failed, the group's for the rest.
      for (const o of outcomes) o.job.reject(o.ok ? groupError : o.error);
      return;
    }
    for (const o of outcomes) {
      if (o.ok) o.job.resolve(o.value);
      else o.job.reject(o.error);
    }
  }

  /**
   * Runs waiting transactions into the open one until none waits or the group is full; returns
   * whether the group may take more. Throws when SQLite ended the whole transaction.
   */
  private async drain(statements: TransactionStatements, outcomes: Outcome[]): Promise<boolean> {
    while (outcomes.length < GROUP_LIMIT) {
      const job = this.queue.shift();
      if (!job) return true;
      statements.savepoint();
      try {
        const value = await job.body();
        statements.release();
        outcomes.push({ job, ok: true, value });
      } catch (error) {
        if (!statements.inTransaction()) {
          outcomes.push({ job, ok: false, error });
          throw error;
        }
        statements.rollbackToSavepoint();
        statements.release();
        outcomes.push({ job, ok: false, error });
      }
    }
    return false;
  }
}
