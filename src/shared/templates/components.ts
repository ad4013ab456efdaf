import type { TemplateId } from '../routes.js';
import type { TemplateComponent } from './definition.js';
import { DirectiveTemplate } from './directive/DirectiveTemplate.js';
import { HyperspaceTemplate } from './hyperspace/HyperspaceTemplate.js';
import { MiniportTemplate } from './miniport/MiniportTemplate.js';
import { PhantomTemplate } from './phantom/PhantomTemplate.js';
import { SolidStateTemplate } from './solid-state/SolidStateTemplate.js';

/** Every template's component, for the server renderer (the builder loads them one at a time). */
export const TEMPLATE_COMPONENTS: Readonly<Record<TemplateId, TemplateComponent>> = {
  template1: MiniportTemplate,
  template2: DirectiveTemplate,
  template3: HyperspaceTemplate,
  template4: SolidStateTemplate,
  template5: PhantomTemplate,
};
