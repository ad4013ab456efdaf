import type { TemplateDefinitionOf } from './definition.js';
import { directiveDefinition } from './directive/definition.js';
import { hyperspaceDefinition } from './hyperspace/definition.js';
import { miniportDefinition } from './miniport/definition.js';
import { phantomDefinition } from './phantom/definition.js';
import { solidStateDefinition } from './solid-state/definition.js';

/**
 * Every template, in the order the builder shows them. Adding one means a folder under
 * src/shared/templates (definition, component, CSS, sample data) and its entry here; ids, names,
 * page titles, default prices, the builder's chunks and the server's renderer all follow.
 */
const TEMPLATES = [
  {
    ...miniportDefinition,
    loadComponent: async () => (await import('./miniport/MiniportTemplate.js')).MiniportTemplate,
    loadSample: async () => (await import('./miniport/sample.js')).miniportSample,
  },
  {
    ...directiveDefinition,
    loadComponent: async () => (await import('./directive/DirectiveTemplate.js')).DirectiveTemplate,
    loadSample: async () => (await import('./directive/sample.js')).directiveSample,
  },
  {
    ...hyperspaceDefinition,
    loadComponent: async () =>
      (await import('./hyperspace/HyperspaceTemplate.js')).HyperspaceTemplate,
    loadSample: async () => (await import('./hyperspace/sample.js')).hyperspaceSample,
  },
  {
    ...solidStateDefinition,
    loadComponent: async () =>
      (await import('./solid-state/SolidStateTemplate.js')).SolidStateTemplate,
    loadSample: async () => (await import('./solid-state/sample.js')).solidStateSample,
  },
  {
    ...phantomDefinition,
    loadComponent: async () => (await import('./phantom/PhantomTemplate.js')).PhantomTemplate,
    loadSample: async () => (await import('./phantom/sample.js')).phantomSample,
  },
] as const;

export type TemplateId = (typeof TEMPLATES)[number]['id'];

/** One template: its declaration and where its component and sample load from. */
export type TemplateDefinition = TemplateDefinitionOf<TemplateId>;

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

/**
 * The template's card picture (made by `npm run screenshots`), as the builder shows it: its
 * first screen on a computer, or (`phone`) on a phone, for /choose on a phone, where a computer's
 * screen shrunk to the card's width has no word one can read. The phone's comes in AVIF too:
 * about half the bytes of its WebP, which a slow phone link spends before /choose's first card.
 */
export function templateCardImage(
  id: TemplateId,
  screen: 'computer' | 'phone' = 'computer',
  format: 'webp' | 'avif' = 'webp',
): string {
  return screen === 'phone' ? `/images/card-${id}-phone.${format}` : `/images/card-${id}.webp`;
}

/** The phone card picture's size: a square of a 375 px wide phone's first screen, at 2x. */
export const PHONE_CARD_IMAGE = { width: 750, height: 750 } as const;
