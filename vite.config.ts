import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The builder (React SPA). The server is built by vite.server.config.ts.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  // Several dev servers may run side by side (one per person working on a template).
  cacheDir: process.env.VITE_CACHE_DIR ?? '../../node_modules/.vite',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // The server reads it to link each template's built CSS from public portfolio pages.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/users': 'http://localhost:3000' },
  },
});
