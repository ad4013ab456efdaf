// After `vite build`: renders each page of PRERENDERED_ROUTES once into a copy of the built
// index.html, the document the server sends for that route, so the page paints before its script
// has loaded. The pages' code is built for Node with the client's own Vite config (its CSS
// imports, its JSX), rendered, and the Node build thrown away.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  PRERENDERED_MODES,
  PRERENDERED_ROUTES,
  prerenderedDocument,
} from '../src/shared/prerender.js';
import type { SiteMode } from '../src/shared/site-mode.js';

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
    renderPage: (pathname: string, payments: SiteMode['payments']) => Promise<string>;
  };
  const index = readFileSync('dist/client/index.html', 'utf8');
  for (const route of PRERENDERED_ROUTES) {
    for (const payments of PRERENDERED_MODES) {
      const markup = await renderPage(route, payments);
      const file = path.resolve('dist/client', prerenderedDocument(route, payments));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, drawnDocument(index, markup));
    }
    stdout.write(`prerendered ${route}\n`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The built index.html with the page drawn in its root element. Its scripts only make the drawn
 * page interactive, so they ask for a low priority: on a slow link the stylesheet, the fonts and
 * the first screen's images come first.
 */
function drawnDocument(index: string, markup: string): string {
  const empty = '<div id="root"></div>';
  const scripts = /<(script type="module"|link rel="modulepreload")/g;
  if (!index.includes(empty) || !index.match(scripts)) {
    throw new Error('dist/client/index.html has no empty root element or no module script');
  }
  return index
    .replace(empty, () => `<div id="root">${markup}</div>`)
    .replace(scripts, '<$1 fetchpriority="low"');
}
