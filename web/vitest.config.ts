import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Component tests run in happy-dom; browser tests (e2e/) switch to node per file with `@vitest-environment node`.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
