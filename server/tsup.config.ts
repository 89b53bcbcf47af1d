import { defineConfig } from 'tsup';

// The production server: one bundle at dist/main.js run by plain node. Dependencies stay external
// (native modules, the workspace packages, which node resolves to their own builds through the
// `toron-dist` export condition). dist/ sits at the depth of src/, so paths found from import.meta.url hold.
export default defineConfig({
  entry: ['src/main.ts'],
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'node20',
});
