import { defineConfig } from 'drizzle-kit';

// Every feature owns its tables in src/<feature>/tables.ts; migrations are generated into ./drizzle.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/*/tables.ts',
  out: './drizzle',
});
