import { parsePortfolio } from '../../shared/domain/portfolio.js';
import type { SharePreviewRequest } from '../../shared/preview-links.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { badRequest } from '../http/errors.js';

/**
 * POST /api/preview-links: the template and the draft, checked by the schema publishing uses
 * (parsePortfolio) and kept to the fields the template shows, as a published page is.
 */
export function readShareRequest(body: unknown): SharePreviewRequest {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (!isTemplateId(input.templateId)) {
    throw badRequest('templateId must be one of template1 to template5', 'templateId');
  }
  const parsed = parsePortfolio(input.data);
  if (!parsed.ok) {
    const field = parsed.problem.field === 'data' ? 'data' : `data.${parsed.problem.field}`;
    throw badRequest(parsed.problem.message.replace(parsed.problem.field, field), field);
  }
  const data = pickTemplateFields(TEMPLATE_DEFINITIONS[input.templateId], parsed.data);
  return { templateId: input.templateId, data };
}
