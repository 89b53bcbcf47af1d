/**
 * Authorization matrix: every route × (anonymous, guest, member, another member, admin,
 * suspended, banned) against the status the table expects. `other` acts on the member's
 * resources (a foreign userId in the path, query or body; foreign notification ids).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDebateServer } from '../debates/support.js';
import type { TestServer } from '../support/server.js';
import { expectEnvelope } from './envelope.js';
import { normalisePath, ROUTES } from './inventory.js';
import { actorFor, buildWorld, type Principal, type World } from './world.js';
import { ENGINES } from '../support/engines.js';

describe.each(ENGINES)('authorization on %s', (engine) => {
  let server: TestServer;
  let world: World;
  beforeAll(async () => {
    // The matrix is about who may call what; the abuse limits have their own tests.
    server = await startDebateServer(
      {
        RATE_LIMIT_SIGN_IN: '1000/1m',
        RATE_LIMIT_ROOM_CREATION: '1000/1m',
        RATE_LIMIT_NICKNAME: '1000/1m',
        RATE_LIMIT_REPORT: '1000/1m',
        RATE_LIMIT_FOLLOW: '1000/1m',
        RATE_LIMIT_UPLOAD: '1000/1m',
      },
      engine,
    );
    world = await buildWorld(server);
  }, 60_000);
  afterAll(() => server.stop());

  // The member goes last: some calls change what the others would see (remove, restore, …).
  const ORDER: Principal[] = ['anonymous', 'guest', 'suspended', 'banned', 'other', 'admin', 'member'];

  describe('route inventory', () => {
    it('every OpenAPI operation is in the matrix, and every matrix OpenAPI row is in the document', async () => {
      const doc = (await server.call('GET', '/api/openapi.json')).body as unknown as {
        paths: Record<string, Record<string, unknown>>;
      };
      const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      );
      const table = ROUTES.filter((r) => r.openapi).map((r) => `${r.method} ${r.path}`);
      expect(
        documented.filter((op) => !table.includes(op)),
        'routes missing from the matrix',
      ).toEqual([]);
      expect(
        table.filter((op) => !documented.includes(op)),
        'matrix rows not in the document',
      ).toEqual([]);
    });

    it('every route the app registers (OpenAPI or not) is in the matrix', () => {
      const table = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
      const registered = server.app.routes
        .filter((r) => r.method !== 'ALL' && r.path !== '*' && r.path !== '/*')
        .map((r) => `${r.method} ${normalisePath(r.path)}`);
      expect(
        [...new Set(registered)].filter((r) => !table.has(r)),
        'registered routes missing from the matrix',
      ).toEqual([]);
    });
  });

  describe('authorization matrix', () => {
    for (const route of ROUTES) {
      describe(`${route.method} ${route.path}`, () => {
        for (const principal of ORDER) {
          it(`× ${principal} → ${route.expect[principal]}`, async () => {
            const r = await route.build(world, actorFor(world, principal));
            const res = await server.call(r.method, r.path, {
              ...(r.token ? { token: r.token } : {}),
              ...(r.json !== undefined ? { json: r.json } : {}),
              ...(r.body !== undefined ? { body: r.body } : {}),
              ...(r.headers ? { headers: r.headers } : {}),
            });
            expect(
              res.status,
              `${route.method} ${route.path} × ${principal}: ${JSON.stringify(res.body).slice(0, 200)}`,
            ).toBe(route.expect[principal]);
            if (route.envelope && res.status >= 400) expectEnvelope(res.body);
          });
        }
      });
    }
  });
});
