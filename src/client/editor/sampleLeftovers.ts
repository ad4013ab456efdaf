import type { PortfolioData, Tile } from '../../shared/domain/portfolio.js';
import { isTemplateArt } from '../../shared/domain/urls.js';
import { plural } from '../../shared/plural.js';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { CONTACT_FIELDS, PERSONAL_FIELDS, SECTION_FIELDS } from './fieldRules.js';
import { editorSteps, isSectionStep, type StepId } from './steps.js';

/** A part of the draft that still holds the template's sample, named as the form names it. */
export interface SampleLeftover {
  step: StepId;
  /** "Intro", "Phone", "Projects: 3 tiles". */
  where: string;
}

const same = (value: string | undefined, sample: string | undefined) =>
  (value ?? '').trim() !== '' && (value ?? '').trim() === (sample ?? '').trim();

/** A tile the person left as the sample had it: its title and words unchanged. */
const isSampleTile = (tile: Tile, samples: readonly Tile[]) =>
  samples.some(
    (sample) => same(tile.title, sample.title) && tile.desc.trim() === sample.desc.trim(),
  );

/**
 * The fields the template shows that still read exactly as its sample: the editor starts from
 * the sample so that the preview is never empty, and a part left unchanged would be published
 * as someone else's words (a made-up name, phone number or address). In form order.
 */
export function sampleLeftovers(
  definition: TemplateDefinition,
  data: PortfolioData,
  sample: PortfolioData,
): SampleLeftover[] {
  const found: SampleLeftover[] = [];
  for (const step of editorSteps(definition)) {
    if (step.id === 'personalDetails') {
      for (const field of PERSONAL_FIELDS) {
        if (!definition.personalDetails.includes(field.key)) continue;
        const label = field.kind === 'image' ? 'Profile image' : field.label;
        const value = data.personalDetails[field.key];
        // Any template's sample art is a sample here: a change of template carries it along.
        const leftover =
          field.kind === 'image'
            ? isTemplateArt(value.trim())
            : same(value, sample.personalDetails[field.key]);
        if (leftover) {
          found.push({ step: step.id, where: label });
        }
      }
    } else if (isSectionStep(step.id)) {
      const spec = definition.sections[step.id];
      const section = data[step.id];
      const sampleSection = sample[step.id];
      if (!spec || !section || !sampleSection) continue;
      for (const field of SECTION_FIELDS) {
        // A section's title ("Services", "What I do") is a heading anyone may keep, not words of the sample person.
        if (field.key === 'sectionTitle' || !spec.fields.includes(field.key)) continue;
        if (same(section[field.key], sampleSection[field.key])) {
          found.push({ step: step.id, where: `${spec.label}: ${field.label}` });
        }
      }
      const tiles = section.sectionTiles.filter((tile) =>
        isSampleTile(tile, sampleSection.sectionTiles),
      ).length;
      if (tiles > 0) {
        found.push({
          step: step.id,
          where: `${spec.label}: ${plural(tiles, 'tile')}`,
        });
      }
      // A tile made the person's own in words that still shows the sample's picture (their
      // "Backwater kitchens" over the sample's city skyline) or links to the sample's page (an
      // example.com address where their project should be).
      const rewritten = section.sectionTiles.filter(
        (tile) => !isSampleTile(tile, sampleSection.sectionTiles),
      );
      for (const [field, what] of [
        ['img', 'tile picture'],
        ['link', 'tile link'],
      ] as const) {
        if (!spec.tileFields.includes(field)) continue;
        const samples = new Set(
          sampleSection.sectionTiles.map((tile) => (tile[field] ?? '').trim()).filter(Boolean),
        );
        const isLeftover = (value: string) =>
          field === 'img' ? isTemplateArt(value) : samples.has(value);
        const kept = rewritten.filter((tile) => isLeftover((tile[field] ?? '').trim())).length;
        if (kept > 0) found.push({ step: step.id, where: `${spec.label}: ${plural(kept, what)}` });
      }
    } else if (step.id === 'contactDetails') {
      for (const field of CONTACT_FIELDS) {
        if (!definition.contactDetails.includes(field.key)) continue;
        if (same(data.contactDetails[field.key], sample.contactDetails[field.key])) {
          found.push({ step: step.id, where: field.label });
        }
      }
      // The sample person's profiles: a visitor following them would land on someone else.
      if (definition.contactDetails.includes('socialLinks')) {
        const links = data.contactDetails.socialLinks.filter((link) =>
          sample.contactDetails.socialLinks.some((sampleLink) => same(link.url, sampleLink.url)),
        ).length;
        if (links > 0) {
          found.push({ step: step.id, where: `Social links: ${plural(links, 'link')}` });
        }
      }
    }
  }
  return found;
}
