import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { openStorage } from '../db/open-storage.js';
import { backfillNicknameKeys } from '../users/nickname-collisions.js';

// Usage: pnpm --filter @toron/server run admin:grant <nickname>
// Grants ROLE_ADMIN to the user with exactly that nickname (in NFC) in the configured database
// (DATABASE_URL, else DATA_DIR's SQLite file); when only look-alikes exist it names them instead of
// guessing which one was meant.
const nickname = process.argv.slice(2).join(' ').trim();
if (!nickname) {
  console.error('사용법: pnpm --filter @toron/server run admin:grant <닉네임>');
  process.exit(2);
}
const config = loadConfig();
const storage = await openStorage(config, pino({ level: 'warn' }), 'tool');
try {
  await backfillNicknameKeys(storage); // a database the server has not opened since skeletons exist
  const lookalikes = await storage.users.findByNickname(nickname);
  const user = lookalikes.find((u) => u.nickname.normalize('NFC') === nickname.normalize('NFC'));
  if (!user) {
    console.error(`'${nickname}' 닉네임의 사용자를 찾을 수 없습니다.`);
    for (const u of lookalikes) console.error(`  비슷한 닉네임: '${u.nickname}'(id ${u.id})`);
    process.exitCode = 1;
  } else if (user.role === 'ROLE_ADMIN') {
    console.log(`'${user.nickname}'(id ${user.id})님은 이미 관리자입니다.`);
  } else {
    await storage.users.setRole(user.id, 'ROLE_ADMIN');
    console.log(`'${user.nickname}'(id ${user.id})님에게 관리자 권한을 부여했습니다. (이전 역할: ${user.role})`);
  }
} finally {
  await storage.close();
}
