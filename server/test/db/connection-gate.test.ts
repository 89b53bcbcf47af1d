/**
 * The SQLite connection gate on a real WAL file, watched from a second connection: transactions
 * requested in one event-loop turn share one commit, each still rolls back alone, a failed commit
 * fails every member, and calls outside a transaction never land inside one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionGate, transactionStatements, type TransactionStatements } from '../../src/db/connection-gate.js';

let dir: string;
let writer: Database.Database;
let reader: Database.Database;
let statements: TransactionStatements;
let gate: ConnectionGate;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'toron-gate-'));
  const file = path.join(dir, 'gate.db');
  writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  writer.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED);
  `);
  reader = new Database(file, { readonly: true });
  statements = transactionStatements(writer);
  gate = new ConnectionGate();
});

afterEach(() => {
  reader.close();
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (label: string) => writer.prepare('INSERT INTO items (label) VALUES (?)').run(label);
const committedLabels = () =>
  (reader.prepare('SELECT label FROM items ORDER BY id').all() as { label: string }[]).map((r) => r.label);
const inTransaction = <T>(body: () => T) => gate.transaction(statements, async () => body());

describe('SQLite connection gate', () => {
  it('commits the transactions of one turn together, each caller answered after that commit', async () => {
    const seenByOthers: string[][] = [];
    const results = await Promise.all(
      ['가', '나', '다', '라'].map((label, i) =>
        inTransaction(() => {
          seenByOthers.push(committedLabels());
          insert(label);
          return i;
        }),
      ),
    );
    // One commit: while the last ran, another connection saw none of the earlier ones.
    expect(seenByOthers).toEqual([[], [], [], []]);
    expect(results).toEqual([0, 1, 2, 3]);
    expect(committedLabels()).toEqual(['가', '나', '다', '라']);
  });

  it('lets a transaction requested later in the same turn join the open commit', async () => {
    let seenByOthers: string[] = [];
    // Runs at the end of this turn, just before the gate's own end-of-turn callback.
    const later = new Promise((resolve) =>
      setImmediate(() =>
        resolve(
          inTransaction(() => {
            seenByOthers = committedLabels();
            insert('나중');
          }),
        ),
      ),
    );
    const first = inTransaction(() => insert('먼저'));
    await Promise.all([first, later]);
    expect(seenByOthers).toEqual([]);
    expect(committedLabels()).toEqual(['먼저', '나중']);
  });

  it('rolls back only the transaction that throws; the rest of its group commits', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(() => insert('하나')),
      inTransaction(() => {
        insert('취소');
        throw new Error('거절');
      }),
      inTransaction(() => insert('셋')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('거절'));
    expect(committedLabels()).toEqual(['하나', '셋']);
  });

  it('fails every member when the shared commit fails, and stores none of them', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(() => insert('앞')),
      // Checked only at COMMIT: a child whose parent does not exist.
      inTransaction(() => writer.prepare('INSERT INTO children (parent) VALUES (404)').run()),
      inTransaction(() => insert('뒤')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const o of outcomes) expect(String((o as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedLabels()).toEqual([]);
    expect(writer.inTransaction).toBe(false);
    // The gate goes on with the next transaction.
    await inTransaction(() => insert('다음'));
    expect(committedLabels()).toEqual(['다음']);
  });

  it('fails the members run so far when SQLite ends the transaction itself (disk full); the next go on', async () => {
    writer.pragma(`max_page_count = ${Number(writer.pragma('page_count', { simple: true })) + 3}`);
    const outcomes = await Promise.allSettled([
      inTransaction(() => insert('앞')),
      inTransaction(() => writer.prepare('INSERT INTO items (label) VALUES (?)').run('가'.repeat(100_000))),
      inTransaction(() => insert('뒤')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    for (const o of outcomes.slice(0, 2))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_FULL' });
    expect(committedLabels()).toEqual(['뒤']);
  });

  it('refuses each transaction once the connection is closed, without leaving any caller waiting', async () => {
    writer.close();
    const outcomes = await Promise.allSettled([inTransaction(() => insert('가')), inTransaction(() => insert('나'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    for (const o of outcomes) expect(String((o as PromiseRejectedResult).reason)).toMatch(/not open/);
  });

  it('splits a long queue into several commits and loses nothing', async () => {
    const labels = Array.from({ length: 700 }, (_, i) => `항목 ${i}`);
    const committedBefore: number[] = [];
    const results = await Promise.all(
      labels.map((label) =>
        inTransaction(() => {
          committedBefore.push(committedLabels().length);
          return insert(label).lastInsertRowid;
        }),
      ),
    );
    expect(results).toEqual(labels.map((_, i) => i + 1));
    // 256 to a commit: what the first groups wrote was committed before the next one began.
    expect([committedBefore[255], committedBefore[256], committedBefore[511], committedBefore[512]]).toEqual([
      0, 256, 256, 512,
    ]);
    expect(committedLabels()).toEqual(labels);
  });

  it('keeps calls outside a transaction out of the open group: they run after its commit', async () => {
    const group = Promise.all([inTransaction(() => insert('가')), inTransaction(() => insert('나'))]);
    const count = gate.call(async () => (writer.prepare('SELECT count(*) AS n FROM items').get() as { n: number }).n);
    expect(await count).toBe(2);
    await group;
  });

  it('begins a transaction only after the calls already running have ended', async () => {
    let finishCall = () => {};
    const order: string[] = [];
    const call = gate.call(async () => {
      order.push('call started');
      await new Promise<void>((resolve) => (finishCall = resolve));
      insert('호출');
      order.push('call ended');
    });
    const transaction = inTransaction(() => {
      order.push('transaction');
      insert('거래');
    });
    await new Promise<void>((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(['call started']);
    expect(writer.inTransaction).toBe(false);
    finishCall();
    await Promise.all([call, transaction]);
    expect(order).toEqual(['call started', 'call ended', 'transaction']);
    expect(committedLabels()).toEqual(['호출', '거래']);
  });
});
