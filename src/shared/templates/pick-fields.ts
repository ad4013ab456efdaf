import { SECTION_KEYS, type PortfolioData, type Section, type Tile } from '../domain/portfolio.js';
import type { TemplateDefinition } from './definition.js';

function pick<T extends object, K extends keyof T>(
  source: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => key in source).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

/** Keeps only what the template uses; blank strings stand in for fields it does not show. */
export function pickTemplateFields(
  definition: TemplateDefinition,
  data: PortfolioData,
): PortfolioData {
  const blankPersonal = { name: '', headline: '', intro: '', profileImage: '' };
  const result: PortfolioData = {
    personalDetails: {
      type: 'personalDetails',
      ...blankPersonal,
      ...pick(data.personalDetails, definition.personalDetails),
    },
    contactDetails: {
      type: 'contactDetails',
      email: '',
      tel: '',
      address: '',
      socialLinks: [],
      ...pick(data.contactDetails, definition.contactDetails),
    },
  };
  for (const key of SECTION_KEYS) {
    const spec = definition.sections[key];
    const section = data[key];
    if (!spec || !section) continue;
    const tiles: Tile[] = section.sectionTiles.map((tile) => ({
      img: '',
      title: '',
      desc: '',
      link: '',
      ...pick(
        tile,
        spec.tileFields.filter((field) => field !== 'icon'),
      ),
      ...(spec.tileFields.includes('icon') && tile.icon ? { icon: tile.icon } : {}),
    }));
    const picked: Section = {
      type: key,
      sectionTitle: '',
      sectionSubTitle: '',
      sectionFooterText: '',
      ...pick(section, spec.fields),
      sectionTiles: tiles,
    };
    result[key] = picked;
  }
  return result;
}
