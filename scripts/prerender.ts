// After `vite build`: renders the landing page's HTML once into a copy of the built index.html,
// the document the server sends for `/`, so the page paints before its script has loaded. The
// page's code is built for Node with the client's own Vite config (its CSS imports, its JSX),
// rendered, and the Node build thrown away.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  const markup = await renderPage('/');
  const file = path.resolve('dist/client', PRERENDERED_LANDING);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, landingDocument(readFileSync('dist/client/index.html', 'utf8'), markup));
  stdout.write(`prerendered / (${markup.length} bytes of markup)\n`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The built index.html with the page drawn in its root element. Its scripts only make the drawn
 * page interactive, so they ask for a low priority: on a slow link the stylesheet, the fonts and
 * the first screen's images come first.
 */
function landingDocument(index: string, markup: string): string {
  const empty = '<div id="root"></div>';
  const scripts = /<(script type="module"|link rel="modulepreload")/g;
  if (!index.includes(empty) || !index.match(scripts)) {
    throw new Error('dist/client/index.html has no empty root element or no module script');
  }
  return index
    .replace(empty, () => `<div id="root">${markup}</div>`)
    .replace(scripts, '<$1 fetchpriority="low"');
}
