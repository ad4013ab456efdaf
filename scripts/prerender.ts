// After `vite build`: renders the landing page's HTML once, so `/` paints before its script has
// loaded; the server puts it inside the root element of the page it sends for `/`. The page's
// code is built for Node with the client's own Vite config (its CSS imports, its JSX), rendered,
// and the Node build thrown away.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { PRERENDERED_LANDING } from '../src/shared/prerender.js';

const outDir = path.resolve('dist/prerender');
await build({
  configFile: path.resolve('vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: path.resolve('src/client/prerender.tsx'),
    outDir,
    emptyOutDir: true,
    copyPublicDir: false,
    manifest: false,
    rollupOptions: { output: { entryFileNames: 'prerender.js' } },
  },
});

try {
  const { renderPage } = (await import(pathToFileURL(path.join(outDir, 'prerender.js')).href)) as {
    renderPage: (pathname: string) => Promise<string>;
  };
  const html = await renderPage('/');
  const file = path.resolve('dist/client', PRERENDERED_LANDING);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  stdout.write(`prerendered / (${html.length} bytes)\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
