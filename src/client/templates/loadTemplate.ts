import type { TemplateComponent } from '../../shared/templates/definition.js';
import type { TemplateId } from '../../shared/routes.js';

/** Each template (component and CSS) is its own chunk: a preview downloads only the one it shows. */
const loaders: Record<TemplateId, () => Promise<TemplateComponent>> = {
  template1: async () =>
    (await import('../../shared/templates/miniport/MiniportTemplate.js')).MiniportTemplate,
  template2: async () =>
    (await import('../../shared/templates/directive/DirectiveTemplate.js')).DirectiveTemplate,
  template3: async () =>
    (await import('../../shared/templates/hyperspace/HyperspaceTemplate.js')).HyperspaceTemplate,
  template4: async () =>
    (await import('../../shared/templates/solid-state/SolidStateTemplate.js')).SolidStateTemplate,
  template5: async () =>
    (await import('../../shared/templates/phantom/PhantomTemplate.js')).PhantomTemplate,
};

export function loadTemplate(id: TemplateId): Promise<TemplateComponent> {
  return loaders[id]();
}
