import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The builder (React SPA). The server is built by vite.server.config.ts.

/**
 * The app's own chunking. Left alone, Rolldown split what the first page needs into 17 files
 * (the same 330 KB) once many lazy pages shared a module with the entry, and a phone on a slow
 * link paid a round trip for each. Common chunks under 32 KB are copied into the chunks that use
 * them instead (one shared runtime keeps one module state), so a first visit loads a handful.
 * The entry is index.html, whose exports nobody imports.
 */
const APP_CHUNKING = {
  preserveEntrySignatures: false as const,
  output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 32 * 1024 } } },
};
export default defineConfig(({ isSsrBuild }) => ({
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
    ...(isSsrBuild ? {} : { rolldownOptions: APP_CHUNKING }),
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/users': 'http://localhost:3000' },
  },
}));
