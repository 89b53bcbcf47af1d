import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openStorage } from '../db/open-storage.js';
import { recomputeRatings } from '../ranking/recompute.js';

// Usage: pnpm --filter @toron/server run ratings:recompute [--check]
// Rebuilds every Glicko-2 rating in the configured database from the room logs (docs/ratings.md) and
// says how many stored ratings differed. With --check nothing is written, and the exit code is 1
// when any stored rating differs from the logs.
const args = process.argv.slice(2);
const check = args.includes('--check');
if (args.some((a) => a !== '--check')) {
  console.error('사용법: pnpm --filter @toron/server run ratings:recompute [--check]');
  process.exit(2);
}
const config = loadConfig();
const storage = await openStorage(config, pino({ level: 'warn' }), 'tool');
try {
  const report = await recomputeRatings(storage, Date.now(), !check);
  console.log(
    `토론 ${report.debates}개, 토론자 ${report.members}명의 레이팅을 로그에서 다시 계산했습니다. ` +
      `저장된 값과 다른 토론자: ${report.differing}명.` +
      (check ? ' (확인만 했고 저장하지 않았습니다)' : ''),
  );
  if (check && report.differing > 0) process.exitCode = 1;
} finally {
  await storage.close();
}
