import { discountedPaise, type TemplateSummary } from '../../shared/domain/price.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_IDS, type TemplateId } from '../../shared/routes.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import type { Db } from '../db/database.js';
import {
  findTemplate,
  listTemplates,
  upsertTemplateDefaults,
  type TemplateRow,
} from './templates.repository.js';

/** Prices a fresh installation starts with (operators change them with `npm run admin`). */
export const DEFAULT_PRICES: Readonly<Record<TemplateId, { paise: number; discount: number }>> = {
  template1: { paise: 49900, discount: 0 },
  template2: { paise: 70000, discount: 10 },
  template3: { paise: 79900, discount: 0 },
  template4: { paise: 100000, discount: 20 },
  template5: { paise: 120000, discount: 25 },
};

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
      price_paise: DEFAULT_PRICES[id].paise,
      discount_percent: DEFAULT_PRICES[id].discount,
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
): Promise<{ id: TemplateId; name: string; data: PortfolioData } | undefined> {
  const row = await findTemplate(db, id);
  if (!row) return undefined;
  return { id, name: row.name, data: JSON.parse(row.default_data) as PortfolioData };
}
