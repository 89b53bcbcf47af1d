import { defineConfig } from 'vitest/config';

// One run over every package: each package declares its own project config.
export default defineConfig({
  test: {
    projects: ['engine', 'fixtures', 'server', 'web'],
  },
});
