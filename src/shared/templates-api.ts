/**
 * What the builder reads to start a draft: the templates for sale (GET /api/templates), a
 * template's default data (GET /api/templates/:id) and a published portfolio's saved data
 * (GET /api/portfolios/:templateId). Prices are decided on the server; these are only the shapes.
 */
import type { PortfolioData } from './domain/portfolio.js';
import type { TemplateId } from './templates/catalog.js';

/** What the builder receives about a template: everything needed to show and compare prices. */
export interface TemplateSummary {
  id: string;
  name: string;
  /** Null when no price is set: shown as NA and not for sale. */
  pricePaise: number | null;
  discountPercent: number;
  /** What the buyer pays, in paise; null when not for sale. */
  finalPricePaise: number | null;
}

/** GET /api/templates */
export interface TemplateListResponse {
  templates: TemplateSummary[];
}

/** GET /api/templates/:id: the data a new draft of this template starts with. */
export interface TemplateDataResponse {
  id: TemplateId;
  name: string;
  data: PortfolioData;
}

/** GET /api/portfolios/:templateId: the signed-in user's published data, to update it. */
export interface PortfolioDataResponse {
  templateId: TemplateId;
  data: PortfolioData;
}
