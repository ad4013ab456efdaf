import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TemplateId } from '../../shared/routes.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';

interface ManifestEntry {
  file: string;
  css?: string[];
}

/**
 * Each template's CSS as the builder's Vite build emitted it (hashed, cached for a year, with its
 * self-hosted fonts): public pages link the same files the previews use.
 */
export function templateStylesheets(
  clientDir: string | undefined,
): Partial<Record<TemplateId, string[]>> {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : undefined;
  if (!file || !existsSync(file)) return {};
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const result: Partial<Record<TemplateId, string[]>> = {};
  for (const definition of Object.values(TEMPLATE_DEFINITIONS)) {
    const entry = Object.entries(manifest).find(
      ([source]) =>
        source.includes(`/templates/${definition.slug}/`) && source.endsWith('Template.tsx'),
    )?.[1];
    if (entry?.css) result[definition.id] = entry.css.map((css) => `/${css}`);
  }
  return result;
}
