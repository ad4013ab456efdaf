import type { SharePreviewRequest } from '../../shared/preview-links.js';
import { readPortfolioInput } from '../portfolios/portfolio.input.js';

/**
 * POST /api/preview-links: the template and the draft, checked as a claim's are (schema, the
 * contrast guard, the template's fields): a preview shows nothing publishing would refuse.
 */
export function readShareRequest(body: unknown): SharePreviewRequest {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return readPortfolioInput(input);
}
