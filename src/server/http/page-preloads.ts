import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The <link> tags that let a direct load of a builder page fetch that page's own code and styles
 * while the app's entry loads, instead of after it has run (one round trip less before the page
 * paints on a slow phone link): its chunk and the chunks it imports that the entry does not
 * already bring, as module preloads, and its stylesheets (a draft preview's template with it).
 * Empty without a build's manifest.
 */
export function pagePreloads(
  clientDir: string | undefined,
): (moduleKeys: readonly string[]) => string {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : undefined;
  if (!file || !existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const reachable = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) reachable(imported, seen);
    return seen;
  };
  const entry = reachable('index.html');
  const tags = new Map<string, string>();
  return (moduleKeys) => {
    const cacheKey = moduleKeys.join(' ');
    let html = tags.get(cacheKey);
    if (html === undefined) {
      const reached = new Set<string>();
      for (const key of moduleKeys) reachable(key, reached);
      const own = [...reached].filter((key) => !entry.has(key));
      html = [
        ...own.map(
          (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`,
        ),
        ...own.flatMap((key) =>
          (manifest[key]!.css ?? []).map(
            (css) => `<link rel="stylesheet" crossorigin href="/${css}">`,
          ),
        ),
      ].join('');
      tags.set(cacheKey, html);
    }
    return html;
  };
}
