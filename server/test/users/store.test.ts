import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/envelope.js';
import { saveProfile } from '../../src/users/profile.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('users store hooks for other features', () => {
  it('recordOutcomes adds one win, draw or loss', async () => {
    const me = await server.signUpMember('recorder', '기록');
    const { users } = server.deps.storage;
    for (const outcome of ['WIN', 'WIN', 'DRAW', 'LOSS'] as const)
      await users.recordOutcomes([{ userId: me.userId, outcome }]);
    expect(await users.findById(me.userId)).toMatchObject({ winNumber: 2, drawNumber: 1, defeatNumber: 1 });
  });

  it('a nickname race lost on the unique index is a 400 refusal, not a crash', async () => {
    const me = await server.signUpMember('racer', '경주자');
    let caught: unknown;
    try {
      // Skips the pre-check on purpose, as a concurrent writer would.
      await saveProfile(server.deps, me.userId, { nickname: '김민지' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 400, code: 'DUPLICATE_NICKNAME' });
  });
});
