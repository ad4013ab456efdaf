import { appearanceProblem } from '../../shared/appearance/appearance-schema.js';
import { parsePortfolio, type PortfolioData } from '../../shared/domain/portfolio.js';
import { isTemplateId, type TemplateId } from '../../shared/templates/catalog.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { badRequest } from '../http/errors.js';

/**
 * A portfolio a request sends to be published or shown (a claim, an order, a preview link): its
 * template and its data, checked the one way whatever the page did. The schema, the contrast
 * guard on its colours (nothing unreadable is shown), and only the fields the template shows.
 */
export function readPortfolioInput(input: Record<string, unknown>): {
  templateId: TemplateId;
  data: PortfolioData;
} {
  if (!isTemplateId(input.templateId)) {
    throw badRequest('templateId must be one of template1 to template5', 'templateId');
  }
  const parsed = parsePortfolio(input.data);
  if (!parsed.ok) {
    const field = parsed.problem.field === 'data' ? 'data' : `data.${parsed.problem.field}`;
    throw badRequest(parsed.problem.message.replace(parsed.problem.field, field), field);
  }
  const definition = TEMPLATE_DEFINITIONS[input.templateId];
  const look = appearanceProblem(definition.look, definition.name, parsed.data.appearance);
  if (look) throw badRequest(`data.${look.message}`, `data.${look.field}`);
  return { templateId: input.templateId, data: pickTemplateFields(definition, parsed.data) };
}
