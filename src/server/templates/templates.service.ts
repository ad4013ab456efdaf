import { discountedPaise } from '../../shared/domain/price.js';
import { isTemplateId, TEMPLATE_IDS, type TemplateId } from '../../shared/templates/catalog.js';
import type { TemplateDataResponse, TemplateSummary } from '../../shared/templates-api.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import type { Db } from '../db/database.js';
import { requireStoredPortfolio } from '../portfolios/stored-portfolio.js';
import {
  findTemplate,
  listTemplates,
  upsertTemplateDefaults,
  type TemplateRow,
} from './templates.repository.js';

/**
 * Makes the templates table match this version of the app: every template present, its default
 * data the current sample data. Prices are only set when a template is first inserted.
 */
export async function seedTemplates(db: Db, now = new Date()): Promise<void> {
  for (const id of TEMPLATE_IDS) {
    const definition = TEMPLATE_DEFINITIONS[id];
    await upsertTemplateDefaults(db, {
      id,
      name: definition.name,
      default_data: JSON.stringify(pickTemplateFields(definition, SAMPLE_DATA[id])),
      price_paise: definition.defaultPrice.paise,
      discount_percent: definition.defaultPrice.discountPercent,
      updated_at: now.toISOString(),
    });
  }
}

export function toSummary(row: TemplateRow): TemplateSummary {
  return {
    id: row.id,
    name: row.name,
    pricePaise: row.price_paise,
    discountPercent: row.discount_percent,
    finalPricePaise:
      row.price_paise === null ? null : discountedPaise(row.price_paise, row.discount_percent),
  };
}

export async function templateSummaries(db: Db): Promise<TemplateSummary[]> {
  return (await listTemplates(db)).map(toSummary);
}

export async function templateDefaultData(
  db: Db,
  id: TemplateId,
): Promise<TemplateDataResponse | undefined> {
  const row = await findTemplate(db, id);
  if (!row) return undefined;
  return {
    id,
    name: row.name,
    data: requireStoredPortfolio(row.default_data, `default data of ${id}`),
  };
}

/** What a template's preview page is drawn from: its sample as stored, and its price's state. */
export interface TemplatePreviewSource {
  id: TemplateId;
  /** The sample as stored (JSON), the data GET /api/templates/{id} answers with. */
  data: string;
  /** It has a price: it can be bought, so its preview offers Use this template. */
  forSale: boolean;
}

export async function templatePreviewSources(db: Db): Promise<TemplatePreviewSource[]> {
  return (await listTemplates(db)).flatMap((row) =>
    isTemplateId(row.id)
      ? [{ id: row.id, data: row.default_data, forSale: toSummary(row).finalPricePaise !== null }]
      : [],
  );
}
