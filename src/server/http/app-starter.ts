import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_STARTER_ENTRY, STATIC_PAGE_MANIFEST } from '../../shared/prerender.js';

// The tags, then their addresses: each pattern stops at the next angle bracket or quote, so a
// search runs in linear time (regex-safety.test.ts).
const ENTRY_SCRIPT = /<script type="module"[^<>]*><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^<>]*>/g;
const SOURCE = / src="([^"]+)"/;
const ADDRESS = / href="([^"]+)"/;

/**
 * The built app starter (src/client/start-after-first-screen.ts), as its address on the site;
 * undefined without a build.
 */
export function appStarterOf(clientDir: string | undefined): string | undefined {
  const file = clientDir && path.join(clientDir, STATIC_PAGE_MANIFEST);
  if (!file || !existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file: string }>;
  const starter = manifest[APP_STARTER_ENTRY];
  if (!starter) throw new Error(`${STATIC_PAGE_MANIFEST} has no ${APP_STARTER_ENTRY}`);
  return `/${starter.file}`;
}

/**
 * A drawn page of the app with its code behind its first screen: the app's entry script and every
 * module preload give way to the app starter, which names them and loads them once the first
 * screen's picture is painted. Nothing of the app is fetched before then.
 */
export function startedAfterFirstScreen(document: string, starter: string): string {
  const entry = SOURCE.exec(ENTRY_SCRIPT.exec(document)?.[0] ?? '')?.[1];
  if (!entry) throw new Error('a drawn page has no module script to start it');
  const modules = [...document.matchAll(MODULE_PRELOAD)].flatMap(
    ([tag]) => ADDRESS.exec(tag)?.[1] ?? [],
  );
  const tag =
    `<script type="module" fetchpriority="low" crossorigin src="${starter}"` +
    ` data-entry="${entry}" data-modules="${modules.join(' ')}"></script>`;
  return document.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => tag);
}
