/**
 * "Change template" in the editor: what of a draft the new template can show (carried over
 * as it is) and what it cannot (listed for the person, who decides before it is dropped).
 * Parts match by their place in the document: the name is the name, the first section's tiles
 * are the first section's tiles, whatever each template calls them.
 */
import {
  SECTION_KEYS,
  type ContactField,
  type PersonalField,
  type PortfolioData,
  type Section,
  type SectionField,
  type TileField,
} from '../domain/portfolio.js';
import type { SectionSpec } from './definition.js';
import type { TemplateDefinition } from './catalog.js';
import { pickTemplateFields } from './pick-fields.js';
import { plural } from '../plural.js';

const PERSONAL_LABELS: Record<PersonalField, string> = {
  name: 'Name',
  headline: 'Headline',
  intro: 'Intro',
  profileImage: 'Profile picture',
};

const CONTACT_LABELS: Record<ContactField, string> = {
  email: 'Email',
  tel: 'Phone',
  address: 'Address',
  socialLinks: 'Social links',
};

const SECTION_LABELS: Record<SectionField, string> = {
  sectionTitle: 'title',
  sectionSubTitle: 'sub title',
  sectionFooterText: 'footer text',
};

const TILE_LABELS: Record<TileField, string> = {
  img: 'image',
  title: 'title',
  desc: 'description',
  link: 'link',
  icon: 'icon',
};

const filled = (value: unknown): boolean =>
  Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value.trim() !== '';

function tileHasContent(section: Section, spec: SectionSpec): number {
  return section.sectionTiles.filter((tile) => spec.tileFields.some((field) => filled(tile[field])))
    .length;
}

/** What the draft loses by moving from `from` to `to`, one line per thing, in the page's order. */
export function lostInChange(
  data: PortfolioData,
  from: TemplateDefinition,
  to: TemplateDefinition,
): string[] {
  const lost: string[] = [];
  for (const field of from.personalDetails) {
    if (!to.personalDetails.includes(field) && filled(data.personalDetails[field])) {
      lost.push(PERSONAL_LABELS[field]);
    }
  }
  for (const key of SECTION_KEYS) {
    const spec = from.sections[key];
    const section = data[key];
    if (!spec || !section) continue;
    const target = to.sections[key];
    if (!target) {
      const tiles = tileHasContent(section, spec);
      const titled = spec.fields.some((field) => filled(section[field]));
      if (tiles > 0 || titled) {
        lost.push(`The ${spec.label} section${tiles > 0 ? ` (${plural(tiles, 'tile')})` : ''}`);
      }
      continue;
    }
    for (const field of spec.fields) {
      if (!target.fields.includes(field) && filled(section[field])) {
        lost.push(`${spec.label} ${SECTION_LABELS[field]}`);
      }
    }
    for (const field of spec.tileFields) {
      if (target.tileFields.includes(field)) continue;
      const count = section.sectionTiles.filter((tile) => filled(tile[field])).length;
      if (count > 0)
        lost.push(`${spec.label}: the ${TILE_LABELS[field]} of ${plural(count, 'tile')}`);
    }
  }
  for (const field of from.contactDetails) {
    if (!to.contactDetails.includes(field) && filled(data.contactDetails[field])) {
      lost.push(CONTACT_LABELS[field]);
    }
  }
  return lost;
}

/** The draft for `to`: everything both templates show, kept; the rest dropped. */
export function carryOver(
  data: PortfolioData,
  from: TemplateDefinition,
  to: TemplateDefinition,
): { data: PortfolioData; lost: string[] } {
  return { data: pickTemplateFields(to, data), lost: lostInChange(data, from, to) };
}
