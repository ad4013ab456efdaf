import { TEMPLATE_DEFINITIONS, TEMPLATE_IDS, type TemplateId } from './catalog.js';
import type { TemplateComponent } from './definition.js';

/** Every template's component, for the server renderer (the builder loads them one at a time). */
export const TEMPLATE_COMPONENTS: Readonly<Record<TemplateId, TemplateComponent>> =
  Object.fromEntries(
    await Promise.all(
      TEMPLATE_IDS.map(async (id) => [id, await TEMPLATE_DEFINITIONS[id].loadComponent()] as const),
    ),
  ) as Record<TemplateId, TemplateComponent>;
