import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/http/envelope.js';
import { saveProfile } from '../../src/users/profile.js';
import { findUserById, recordOutcome } from '../../src/users/store.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('users store hooks for other features', () => {
  it('recordOutcome adds one win, draw or loss', async () => {
    const me = await server.signUpMember('recorder', '기록');
    recordOutcome(server.deps.db, me.userId, 'WIN');
    recordOutcome(server.deps.db, me.userId, 'WIN');
    recordOutcome(server.deps.db, me.userId, 'DRAW');
    recordOutcome(server.deps.db, me.userId, 'LOSS');
    expect(findUserById(server.deps.db, me.userId)).toMatchObject({ winNumber: 2, drawNumber: 1, defeatNumber: 1 });
  });

  it('a nickname race lost on the unique index is a 400 refusal, not a crash', async () => {
    const me = await server.signUpMember('racer', '경주자');
    let caught: unknown;
    try {
      // Skips the pre-check on purpose, as a concurrent writer would.
      saveProfile(server.deps, me.userId, { nickname: '김민지' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect(caught).toMatchObject({ status: 400, code: 'DUPLICATE_NICKNAME' });
  });
});
