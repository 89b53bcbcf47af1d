import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twins of every feature's tables (src/<feature>/tables.pg.ts); migrations go to ./drizzle-pg.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/*/tables.pg.ts',
  out: './drizzle-pg',
});
