/**
 * Builder JavaScript (and CSS) size per route: what a first visit to each route of
 * src/shared/routes.ts downloads, brotli and gzip compressed as the server sends them, read from
 * the Vite build's manifest by following the static imports of the entry and of the route's lazy
 * chunk; a static page (src/shared/prerender.ts) loads only the static pages' script and
 * stylesheet, from their own build's manifest, and a template preview (a document the server
 * draws) the published pages' script and the template's stylesheet. Needs a build (npm run build). `npx tsx bench/builder-size.ts [clientDir]` prints the
 * section and writes bench/results/builder-size.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pageModuleOf } from '../src/shared/page-modules.js';
import {
  APP_STARTER_ENTRY,
  isStaticRoute,
  PRERENDERED_ROUTES,
  STATIC_PAGE_ENTRY,
  STATIC_PAGE_MANIFEST,
} from '../src/shared/prerender.js';
import { PAGE_TITLES, templatePreviewed } from '../src/shared/routes.js';
import {
  TEMPLATE_DEFINITIONS,
  TEMPLATE_IDS,
  type TemplateId,
} from '../src/shared/templates/catalog.js';
import { machineLine } from './harness.js';

/** Target for the first pages a visitor sees, compressed JavaScript. */
const TARGET_KB = 150;
const TARGET_ROUTES = ['/', '/choose'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The manifest key of a template's component chunk (what its definition's loadComponent imports). */
function templateChunk(manifest: Manifest, id: TemplateId): string {
  const { slug } = TEMPLATE_DEFINITIONS[id];
  const key = Object.keys(manifest).find(
    (source) => source.includes(`/templates/${slug}/`) && source.endsWith('Template.tsx'),
  );
  if (!key) throw new Error(`the manifest has no component chunk for ${id}`);
  return key;
}

/**
 * The lazy chunks a route loads on a first visit, by manifest key (src/client/router.tsx).
 * /screen-error is part of the entry. A draft preview also renders its template at once, so
 * that template's chunk counts.
 */
function lazyChunksFor(manifest: Manifest, route: string): string[] {
  if (route === '/screen-error') return [];
  const page = pageModuleOf(route);
  if (!page) throw new Error(`bench/builder-size.ts does not know which chunk ${route} loads`);
  const template = TEMPLATE_IDS.find((id) => route === `/edit-${id}`);
  return template ? [page, templateChunk(manifest, template)] : [page];
}

/** The published pages' one script, which a template preview loads too (render-page.tsx). */
const PAGE_SCRIPT = 'portfolio-contact.js';

interface Sizes {
  raw: number;
  br: number;
  gzip: number;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export interface RouteSize {
  route: string;
  files: string[];
  js: Sizes;
  css: Sizes;
}

/** Every route's first-visit JavaScript and CSS, from the manifest in `clientDir`. */
export function measureRoutes(clientDir = 'dist/client'): RouteSize[] {
  const readManifest = (name: string) => {
    const file = path.join(clientDir, name);
    if (!existsSync(file)) throw new Error(`No ${file}: run npm run build first`);
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  };
  const manifest = readManifest('.vite/manifest.json');
  const staticManifest = readManifest(STATIC_PAGE_MANIFEST);
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  if (!staticManifest[STATIC_PAGE_ENTRY]) {
    throw new Error(`${STATIC_PAGE_MANIFEST} has no ${STATIC_PAGE_ENTRY}`);
  }

  const sizeCache = new Map<string, Sizes>();
  const sizeOf = (file: string): Sizes => {
    let sizes = sizeCache.get(file);
    if (!sizes) {
      const bytes = readFileSync(path.join(clientDir, file));
      sizes = {
        raw: bytes.length,
        // The same settings as scripts/precompress.mjs, whose files the server sends.
        br: brotliCompressSync(bytes, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
        }).length,
        gzip: gzipSync(bytes, { level: 9 }).length,
      };
      sizeCache.set(file, sizes);
    }
    return sizes;
  };

  /** A chunk and everything it imports statically (what the browser fetches before running it). */
  const closure = (from: Manifest, keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      if (!from[key]) throw new Error(`the manifest has no chunk ${key}`);
      seen.add(key);
      for (const child of from[key]!.imports ?? []) visit(child);
    };
    keys.forEach(visit);
    return seen;
  };

  return Object.keys(PAGE_TITLES).map((route) => {
    const previewed = templatePreviewed(route);
    if (previewed) {
      // A document of the server's: the page's script, and the template's stylesheet alone.
      const sheets = manifest[templateChunk(manifest, previewed)]!.css ?? [];
      const js = sizeOf(PAGE_SCRIPT);
      const css = sheets.map(sizeOf).reduce(
        (total, size) => ({
          raw: total.raw + size.raw,
          br: total.br + size.br,
          gzip: total.gzip + size.gzip,
        }),
        { raw: 0, br: 0, gzip: 0 },
      );
      return { route, files: [PAGE_SCRIPT, ...sheets], js, css };
    }
    const [from, keys] = isStaticRoute(route)
      ? [staticManifest, [STATIC_PAGE_ENTRY]]
      : [manifest, [entryKey, ...lazyChunksFor(manifest, route)]];
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of closure(from, keys)) {
      js.add(from[key]!.file);
      for (const sheet of from[key]!.css ?? []) css.add(sheet);
    }
    // A drawn page of the app loads it through the app starter (start-after-first-screen.ts).
    if (PRERENDERED_ROUTES.includes(route) && !isStaticRoute(route)) {
      js.add(staticManifest[APP_STARTER_ENTRY]!.file);
    }
    const sum = (files: Set<string>) =>
      [...files].map(sizeOf).reduce(
        (total, size) => ({
          raw: total.raw + size.raw,
          br: total.br + size.br,
          gzip: total.gzip + size.gzip,
        }),
        { raw: 0, br: 0, gzip: 0 },
      );
    return { route, files: [...js, ...css], js: sum(js), css: sum(css) };
  });
}

/** The markdown section for bench/RESULTS.md. */
export async function builderSizeSection(clientDir = 'dist/client'): Promise<string> {
  const routes = measureRoutes(clientDir);
  const rows = routes.map(
    ({ route, js, css }) =>
      `| \`${route}\` | ${kb(js.br)} | ${kb(js.gzip)} | ${kb(js.raw)} | ${kb(css.br)} | ${kb(css.gzip)} |`,
  );
  const verdicts = TARGET_ROUTES.map((route) => {
    const size = routes.find((r) => r.route === route)!;
    const worst = Math.max(size.js.br, size.js.gzip) / 1024;
    return `\`${route}\` ${kb(size.js.gzip)} KB gzip / ${kb(size.js.br)} KB brotli (${worst < TARGET_KB ? 'met' : 'NOT met'})`;
  });
  return [
    '## Builder JavaScript size per route',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
    'Command: `npx tsx bench/builder-size.ts` (after `npm run build`). What a first visit to each route',
    "downloads before the page runs: the entry chunk and the route's lazy chunk from",
    '`dist/client/.vite/manifest.json` with all their static imports (draft previews also count the',
    'template they render; a template preview is a document the server draws, with the published',
    "pages' script), compressed as `scripts/precompress.mjs` does (brotli 11, gzip 9).",
    'The HTML shell, fonts and images are not counted.',
    '',
    `**Target: under ${TARGET_KB} KB compressed JavaScript for \`/\` and \`/choose\`:** ${verdicts.join('; ')}.`,
    '',
    '| route | JS brotli (KB) | JS gzip (KB) | JS raw (KB) | CSS brotli (KB) | CSS gzip (KB) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await builderSizeSection(process.argv[2]);
  writeFileSync('bench/results/builder-size.md', section);
  process.stdout.write(`${section}\n`);
}
