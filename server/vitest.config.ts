import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // One PostgreSQL cluster for the run: the second engine every store test runs on.
    globalSetup: ['test/support/pg-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
