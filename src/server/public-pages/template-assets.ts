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
  /**
   * Each template's CSS as text, for a document that carries it inline (a template preview: its
   * one stylesheet, used by no other page a visitor opens, is a round trip before the first paint
   * on a slow link). Fonts and images stay files: their addresses in the CSS are absolute.
   */
  stylesheetText: Partial<Record<TemplateId, string>>;
}

export function templateBuild(clientDir: string | undefined): TemplateBuild {
  const file = clientDir ? path.join(clientDir, '.vite', 'manifest.json') : undefined;
  if (!clientDir || !file || !existsSync(file))
    return { stylesheets: {}, files: [], stylesheetText: {} };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  const stylesheets: Partial<Record<TemplateId, string[]>> = {};
  const stylesheetText: Partial<Record<TemplateId, string>> = {};
  const files: string[] = [];
  for (const definition of Object.values(TEMPLATE_DEFINITIONS)) {
    const entry = Object.entries(manifest).find(
      ([source]) =>
        source.includes(`/templates/${definition.slug}/`) && source.endsWith('Template.tsx'),
    )?.[1];
    if (!entry) continue;
    files.push(entry.file, ...(entry.css ?? []));
    if (!entry.css) continue;
    stylesheets[definition.id] = entry.css.map((css) => `/${css}`);
    stylesheetText[definition.id] = entry.css
      .map((css) => readFileSync(path.join(clientDir, css), 'utf8'))
      .join('\n');
  }
  return { stylesheets, files, stylesheetText };
}
