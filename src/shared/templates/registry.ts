import type { PortfolioData } from '../domain/portfolio.js';
import { TEMPLATE_DEFINITIONS, TEMPLATE_IDS, type TemplateId } from './catalog.js';

export { TEMPLATE_DEFINITIONS } from './catalog.js';

/**
 * Every template's sample data: what the preview pages show and what the store's default data is
 * seeded from. Loaded from each template's folder (in the builder, only by the pages that show it).
 */
export const SAMPLE_DATA: Readonly<Record<TemplateId, PortfolioData>> = Object.fromEntries(
  await Promise.all(
    TEMPLATE_IDS.map(async (id) => [id, await TEMPLATE_DEFINITIONS[id].loadSample()] as const),
  ),
) as Record<TemplateId, PortfolioData>;
