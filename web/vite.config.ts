import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// In development the API server runs on :8080; in production it serves this build itself (same origin).
const backend = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': backend,
      '/uploads': backend,
      '/demo-oauth': backend,
      '/healthz': backend,
      // The sign-in exchange is a POST to the same path as the SPA callback pages; only POSTs go to the server.
      '/login/oauth2/callback': {
        target: backend,
        bypass: (req) => (req.method === 'POST' ? undefined : req.url),
      },
      '/ws': { target: backend, ws: true },
    },
  },
  build: { target: 'es2022', manifest: true },
});
