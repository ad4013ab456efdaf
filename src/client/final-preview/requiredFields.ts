import { SECTION_KEYS, type PortfolioData } from '../../shared/domain/portfolio.js';
import type { TemplateId } from '../../shared/templates/catalog.js';
import type { SectionField } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/catalog.js';
import { sectionName } from '../editor/steps.js';

/** One part of the page (About you, or a section by the title it shows) with its empty required fields. */
export interface MissingFields {
  part: string;
  fields: string[];
}

const SECTION_FIELD_LABELS: Record<SectionField, string> = {
  sectionTitle: 'Title',
  sectionSubTitle: 'Sub title',
  sectionFooterText: 'Footer text',
};

const isBlank = (value: string | undefined) => (value ?? '').trim() === '';

/**
 * The fields the editor marks as required (SPEC section 5: name, headline, intro, section title,
 * sub title, footer text, tile title and description) that are still empty, only those the
 * template shows. Nothing enforces them: the final preview lists them as a warning.
 */
export function missingRequiredFields(
  templateId: TemplateId,
  data: PortfolioData,
): MissingFields[] {
  const definition = TEMPLATE_DEFINITIONS[templateId];
  const result: MissingFields[] = [];

  const person = data.personalDetails;
  const personal = [
    definition.personalDetails.includes('name') && isBlank(person.name) ? 'Name' : undefined,
    definition.personalDetails.includes('headline') && isBlank(person.headline)
      ? 'Headline'
      : undefined,
    definition.personalDetails.includes('intro') && isBlank(person.intro) ? 'Intro' : undefined,
  ].filter((field) => field !== undefined);
  if (personal.length > 0) result.push({ part: 'About you', fields: personal });

  for (const key of SECTION_KEYS) {
    const spec = definition.sections[key];
    if (!spec) continue;
    const section = data[key];
    const fields: string[] = spec.fields
      .filter((field) => isBlank(section?.[field]))
      .map((field) => SECTION_FIELD_LABELS[field]);
    for (const [index, tile] of (section?.sectionTiles ?? []).entries()) {
      if (spec.tileFields.includes('title') && isBlank(tile.title)) {
        fields.push(`Tile ${index + 1} title`);
      }
      if (spec.tileFields.includes('desc') && isBlank(tile.desc)) {
        fields.push(`Tile ${index + 1} description`);
      }
    }
    if (fields.length > 0) result.push({ part: sectionName(definition, key, data), fields });
  }
  return result;
}
