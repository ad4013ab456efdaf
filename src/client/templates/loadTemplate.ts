import type { TemplateId } from '../../shared/templates/catalog.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/catalog.js';
import type { TemplateComponent } from '../../shared/templates/definition.js';

/** Each template (component and CSS) is its own chunk: a preview downloads only the one it shows. */
export function loadTemplate(id: TemplateId): Promise<TemplateComponent> {
  return TEMPLATE_DEFINITIONS[id].loadComponent();
}
