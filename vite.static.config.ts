import { defineConfig } from 'vite';

/**
 * The static pages' script and stylesheet (src/client/static-page.ts; the pages are listed in
 * src/shared/prerender.ts), and the script that starts the app on a drawn page of the app
 * (src/client/start-after-first-screen.ts), built after the app into the same folder. A build of its own: as a
 * second entry of the app's build it shared a runtime chunk with the app, and the app's modules
 * were split and wrapped for the two entries' sake.
 */
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  cacheDir: process.env.VITE_CACHE_DIR ?? '../../node_modules/.vite',
  build: {
    outDir: '../../dist/client',
    // The app's build is already there.
    emptyOutDir: false,
    target: 'es2022',
    assetsInlineLimit: 0,
    // STATIC_PAGE_MANIFEST in src/shared/prerender.ts, which scripts/prerender.ts reads.
    manifest: '.vite/static-page.json',
    rolldownOptions: {
      input: ['src/client/static-page.ts', 'src/client/start-after-first-screen.ts'],
    },
  },
});
