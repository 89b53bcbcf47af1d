import { existsSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { copySqliteToPostgres, firstNonEmptyTable } from '../db/copy.js';
import { openPostgres } from '../db/postgres.js';
import { openSqliteStorage } from '../db/sqlite-storage.js';
import { StartupError } from '../startup-error.js';

// Usage: DATA_DIR=<the embedded server's data directory> DATABASE_URL=postgres://… pnpm db:copy
// Copies everything the embedded (SQLite) server stored — users, news, rooms with their event logs
// and projections, ratings, reports, notifications, the generated secrets and the uploaded
// images — into an empty PostgreSQL database. Stop the server first; the SQLite side is only read.
const fail = (message: string): never => {
  console.error(`복사할 수 없습니다: ${message}`);
  process.exit(1);
};
try {
  const config = loadConfig();
  if (!config.databaseUrl) fail('DATABASE_URL에 복사해 넣을 PostgreSQL 데이터베이스를 지정하세요.');
  if (!existsSync(path.join(config.dataDir, 'toron.db'))) {
    fail(`${config.dataDir}에 toron.db가 없습니다. DATA_DIR에 내장 서버의 데이터 디렉터리를 지정하세요.`);
  }
  const source = openSqliteStorage(config.dataDir);
  const target = await openPostgres(config.databaseUrl!, pino({ level: 'warn' }), 'tool');
  try {
    const taken = await firstNonEmptyTable(target.db);
    if (taken) fail(`PostgreSQL 데이터베이스가 비어 있지 않습니다(${taken} 테이블). 빈 데이터베이스를 지정하세요.`);
    const report = await copySqliteToPostgres(source.database.db, config.dataDir, target.db);
    for (const [table, rows] of Object.entries(report.tables)) console.log(`${table}: ${rows}행`);
    console.log(`비밀 값 ${report.secrets.length}개, 업로드 이미지 ${report.uploads}개를 옮겼습니다.`);
    console.log('복사를 마쳤습니다. 이제 같은 DATABASE_URL로 서버를 시작하세요.');
  } finally {
    await target.close();
    await source.close();
  }
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  fail(err.message);
}
