import {
  blankContactDetails,
  blankPersonalDetails,
  blankSection,
  blankTile,
  SECTION_KEYS,
  type PortfolioData,
  type Section,
  type Tile,
} from '../domain/portfolio.js';
import type { TemplateDeclaration } from './definition.js';
import { fitAppearance } from '../appearance/look.js';

function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => key in source).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

/**
 * What is read of a template to fit content to it: the fields and sections it shows. A
 * template's declaration is one; so is the shape of an imported résumé (shared/resume/).
 */
export type TemplateShape = Pick<
  TemplateDeclaration<string>,
  'personalDetails' | 'sections' | 'contactDetails' | 'phrases'
> &
  // A template's look and name; a résumé has neither, so no colours or fonts go with it.
  Partial<Pick<TemplateDeclaration<string>, 'look' | 'name'>>;

/** Keeps only what the template uses; blank strings stand in for fields it does not show. */
export function pickTemplateFields(definition: TemplateShape, data: PortfolioData): PortfolioData {
  const result: PortfolioData = {
    personalDetails: {
      ...blankPersonalDetails(),
      ...pick(data.personalDetails, definition.personalDetails),
    },
    contactDetails: {
      ...blankContactDetails(),
      ...pick(data.contactDetails, definition.contactDetails),
      // A setting of the page rather than a field a template shows: every template keeps it.
      ...(data.contactDetails.formDelivery && {
        formDelivery: data.contactDetails.formDelivery,
      }),
    },
  };
  for (const key of SECTION_KEYS) {
    const spec = definition.sections[key];
    const section = data[key];
    if (!spec || !section) continue;
    const tiles: Tile[] = section.sectionTiles.map((tile) => ({
      ...blankTile(),
      ...pick(
        tile,
        spec.tileFields.filter((field) => field !== 'icon'),
      ),
      ...(spec.tileFields.includes('icon') && tile.icon ? { icon: tile.icon } : {}),
    }));
    const picked: Section = {
      ...blankSection(key),
      ...pick(section, spec.fields),
      sectionTiles: tiles,
    };
    result[key] = picked;
  }
  const phrases = Object.fromEntries(
    Object.entries(data.phrases ?? {}).filter(([key]) => key in definition.phrases),
  );
  if (Object.keys(phrases).length > 0) result.phrases = phrases;
  const appearance = definition.look && fitAppearance(definition.look, data.appearance);
  if (appearance) result.appearance = appearance;
  return result;
}
