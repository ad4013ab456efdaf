import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TemplateId } from '../../shared/templates/catalog.js';
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
  return templateBuild(clientDir).stylesheets;
}

export interface TemplateBuild {
  stylesheets: Partial<Record<TemplateId, string[]>>;
  /**
   * The build's file names of each template's code and CSS. Vite names files by a hash of their
   * content, so this changes exactly when a template's markup or styles change.
   */
  files: string[];
}

export function templateBuild(clientDir: string | undefined): TemplateBuild {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : undefined;
  if (!file || !existsSync(file)) return { stylesheets: {}, files: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const stylesheets: Partial<Record<TemplateId, string[]>> = {};
  const files: string[] = [];
  for (const definition of Object.values(TEMPLATE_DEFINITIONS)) {
    const entry = Object.entries(manifest).find(
      ([source]) =>
        source.includes(`/templates/${definition.slug}/`) && source.endsWith('Template.tsx'),
    )?.[1];
    if (!entry) continue;
    files.push(entry.file, ...(entry.css ?? []));
    if (entry.css) stylesheets[definition.id] = entry.css.map((css) => `/${css}`);
  }
  return { stylesheets, files };
}

/**
 * Stylesheets of the build (as `stylesheets` names them) as one text, for a document that carries
 * its CSS inline: a template preview, whose one stylesheet is used by no other page a visitor
 * opens first and would be a round trip before the first paint on a slow link. Fonts and images
 * stay files: their addresses in the CSS are absolute.
 */
export function stylesheetText(clientDir: string | undefined, hrefs: readonly string[]): string {
  if (!clientDir) return '';
  return hrefs.map((href) => readFileSync(path.join(clientDir, href), 'utf8')).join('\n');
}
