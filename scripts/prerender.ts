// After `vite build`: renders each page of PRERENDERED_ROUTES once into a copy of the built
// index.html, the document the server sends for that route, so the page paints before its script
// has loaded. A static page's copy takes the static pages' script and stylesheet instead of the
// app's. The pages' code is built for Node with the client's own Vite config (its CSS imports,
// its JSX), rendered, and the Node build thrown away.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import {
  isStaticRoute,
  PRERENDERED_MODES,
  PRERENDERED_ROUTES,
  prerenderedDocument,
  STATIC_PAGE_ENTRY,
  STATIC_PAGE_MANIFEST,
} from '../src/shared/prerender.js';
import type { SiteMode } from '../src/shared/site-mode.js';

const outDir = path.resolve('dist/prerender');
const EMPTY_ROOT = '<div id="root"></div>';
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
  const staticIndex = staticPageIndex(index);
  for (const route of PRERENDERED_ROUTES) {
    for (const payments of PRERENDERED_MODES) {
      const markup = await renderPage(route, payments);
      const file = path.resolve('dist/client', prerenderedDocument(route, payments));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        isStaticRoute(route)
          ? staticIndex.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`)
          : drawnDocument(index, markup, fontPreloads()),
      );
    }
    stdout.write(`prerendered ${route}\n`);
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The built index.html with the page drawn in its root element and the preloads of its first
 * screen's fonts. Its scripts only make the drawn page interactive: the server puts them behind
 * the first screen (src/server/http/app-starter.ts).
 */
function drawnDocument(index: string, markup: string, preloads: string): string {
  if (!index.includes(EMPTY_ROOT)) throw new Error('dist/client/index.html has no empty root');
  return index
    .replace('</title>', () => `</title>${preloads}`)
    .replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
}

/**
 * The built index.html for a static page, its root still empty: the app's script, module
 * preloads and stylesheet give way to the static pages' own (vite.static.config.ts), and the
 * note that the site needs JavaScript goes, since these pages do not.
 */
function staticPageIndex(index: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join('dist/client', STATIC_PAGE_MANIFEST), 'utf8'),
  ) as Record<string, { file: string; css?: string[]; imports?: string[] }>;
  const entry = manifest[STATIC_PAGE_ENTRY];
  if (!entry || entry.imports?.length) {
    throw new Error(`${STATIC_PAGE_MANIFEST} has no ${STATIC_PAGE_ENTRY} of one file`);
  }
  const tags = [
    ...(entry.css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
    // Low, as the app's are on drawn pages: nothing it does is on the first screen's path, and
    // Lighthouse counts a script asked for at high priority as holding the first paint.
    `<script type="module" fetchpriority="low" crossorigin src="/${entry.file}"></script>`,
  ].join('');
  const app =
    /\s*<(?:script type="module"[^>]*><\/script|link rel="(?:modulepreload|stylesheet)"[^>]*)>/g;
  const noscript = /\s*<noscript>[^<]*<\/noscript>/;
  if (!index.includes(EMPTY_ROOT) || !index.match(app) || !noscript.test(index)) {
    throw new Error('dist/client/index.html has no empty root element, app tags or <noscript>');
  }
  return index
    .replace(app, '')
    .replace(noscript, '')
    .replace('</title>', () => `</title>${fontPreloads()}${tags}`);
}

/** The faces (e.g. `raleway-300`) a stylesheet takes from our font subsets; India's scripts aside. */
function facesImportedBy(stylesheet: string): string[] {
  const css = readFileSync(stylesheet, 'utf8');
  return [...css.matchAll(/@import '[^']*\/fonts\/([\w-]+)\.css'/g)]
    .map((match) => match[1]!)
    .filter((face) => !face.startsWith('indian-scripts'));
}

/**
 * Preloads of the fonts a drawn page's first screen sets its words in: the builder's own faces.
 * Only the Latin core of each face: the rest of a face, and India's scripts, are fetched when a
 * page shows such letters. Without them the browser finds a font only once the stylesheet is
 * parsed and the words laid out, and the words move when it arrives.
 */
function fontPreloads(): string {
  const faces = facesImportedBy('src/client/styles/global.css');
  const builtFonts = readdirSync('dist/client/assets').filter((file) => file.endsWith('.woff2'));
  return [...new Set(faces)]
    .map((face) => {
      const file = builtFonts.find((name) => name.startsWith(`${face}-core-`));
      if (!file) throw new Error(`the build has no core subset of ${face}`);
      return `<link rel="preload" href="/assets/${file}" as="font" type="font/woff2" crossorigin>`;
    })
    .join('');
}
