/**
 * DDL run beside a running test server, over a connection of the test's own: how a test makes the
 * database itself refuse a write (a trigger) and then accept it again.
 */
import Database from 'better-sqlite3';
import path from 'node:path';
import { adminQuery } from './pg-cluster.js';
import type { TestServer } from './server.js';

/** Runs `sqlite` or `postgres`, whichever engine the server runs on. */
async function ddl(server: TestServer, sqlite: string, postgres: string): Promise<void> {
  const url = server.database.env.DATABASE_URL;
  if (url) {
    await adminQuery(url, postgres);
    return;
  }
  const db = new Database(path.join(server.dataDir, 'toron.db'));
  try {
    db.exec(sqlite);
  } finally {
    db.close();
  }
}

/** Installs a trigger that makes every INSERT into `table` fail, until `acceptInserts`. */
export function refuseInserts(server: TestServer, table: string): Promise<void> {
  return ddl(
    server,
    `CREATE TRIGGER refuse_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    `CREATE FUNCTION refuse_${table}() RETURNS trigger LANGUAGE plpgsql
       AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
     CREATE TRIGGER refuse_${table} BEFORE INSERT ON ${table}
       FOR EACH ROW EXECUTE FUNCTION refuse_${table}()`,
  );
}

/** Removes the trigger of `refuseInserts`. */
export function acceptInserts(server: TestServer, table: string): Promise<void> {
  return ddl(
    server,
    `DROP TRIGGER refuse_${table}`,
    `DROP TRIGGER refuse_${table} ON ${table}; DROP FUNCTION refuse_${table}()`,
  );
}
