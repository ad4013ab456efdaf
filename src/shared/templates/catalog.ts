import type { TemplateDefinition } from './definition.js';
import { directiveDefinition } from './directive/definition.js';
import { hyperspaceDefinition } from './hyperspace/definition.js';
import { miniportDefinition } from './miniport/definition.js';
import { phantomDefinition } from './phantom/definition.js';
import { solidStateDefinition } from './solid-state/definition.js';

/**
 * Every template, in the order the builder shows them. Adding one means a folder under
 * src/shared/templates (definition, component, CSS, sample data) and its line here; ids, names,
 * page titles, default prices, the builder's chunks and the server's renderer all follow.
 */
const TEMPLATES = [
  miniportDefinition,
  directiveDefinition,
  hyperspaceDefinition,
  solidStateDefinition,
  phantomDefinition,
] as const;

export type TemplateId = (typeof TEMPLATES)[number]['id'];

export const TEMPLATE_IDS: readonly TemplateId[] = TEMPLATES.map((template) => template.id);

export const TEMPLATE_DEFINITIONS: Readonly<Record<TemplateId, TemplateDefinition>> =
  Object.fromEntries(TEMPLATES.map((template) => [template.id, template])) as Record<
    TemplateId,
    TemplateDefinition
  >;

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === 'string' && Object.hasOwn(TEMPLATE_DEFINITIONS, value);
}

export function templateName(id: TemplateId): string {
  return TEMPLATE_DEFINITIONS[id].name;
}

/** The template's card picture (made by `npm run screenshots`), as the builder shows it. */
export function templateCardImage(id: TemplateId): string {
  return `/images/card-${id}.webp`;
}
