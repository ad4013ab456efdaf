import { useEffect, useState } from 'react';
import {
  blankTile,
  type ContactDetails,
  SECTION_KEYS,
  type PortfolioData,
  type SocialLink,
  type Tile,
} from '../../shared/domain/portfolio.js';
import { isTemplateArt } from '../../shared/domain/urls.js';
import { plural } from '../../shared/plural.js';
import {
  TEMPLATE_DEFINITIONS,
  TEMPLATE_IDS,
  type TemplateDefinition,
} from '../../shared/templates/catalog.js';
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

/** `value` is empty, or what the sample has in that place. */
const keptOrEmpty = (value: string | undefined, sample: string | undefined) =>
  (value ?? '').trim() === '' || (value ?? '').trim() === (sample ?? '').trim();

/** Whether `value` reads as any of the samples' `samplesOf` texts. */
const inAny = (value: string | undefined, samplesOf: Iterable<string | undefined>) => {
  for (const sample of samplesOf) if (same(value, sample)) return true;
  return false;
};

/** A tile the person left as a sample had it: its title and words unchanged. */
export const isSampleTile = (tile: Tile, samples: readonly Tile[]) =>
  samples.some(
    (sample) => same(tile.title, sample.title) && tile.desc.trim() === sample.desc.trim(),
  );

/**
 * A social link with nothing of the person's in it: a sample's address, under the sample's label
 * or none. A sample address the person relabelled is theirs to remove (it is still warned about).
 */
export const isWholeSampleLink = (link: SocialLink, samples: readonly SocialLink[]) =>
  samples.some((sample) => same(link.url, sample.url) && keptOrEmpty(link.label, sample.label));

let everySample: Promise<readonly PortfolioData[]> | undefined;

/**
 * Every template's sample, loaded once for the editor and the final preview: a change of
 * template may have brought another template's words, tiles and links. Never fails: a sample
 * that fails to load leaves none, and nothing is called a sample then.
 */
export function loadEverySample(): Promise<readonly PortfolioData[]> {
  everySample ??= Promise.all(
    TEMPLATE_IDS.map((templateId) => TEMPLATE_DEFINITIONS[templateId].loadSample()),
  ).catch(() => []);
  return everySample;
}

const tilesOf = (samples: readonly PortfolioData[]) =>
  samples.flatMap((sample) => SECTION_KEYS.flatMap((key) => sample[key]?.sectionTiles ?? []));

const linksOf = (samples: readonly PortfolioData[]) =>
  samples.flatMap((sample) => sample.contactDetails.socialLinks);

/**
 * The fields the template shows that still read exactly as a sample: the editor starts from
 * the sample so that the preview is never empty, and a part left unchanged would be published
 * as someone else's words (a made-up name, phone number or address). `samples` are every
 * template's: a change of template carries one sample's words and links into another template,
 * where sections are named and ordered otherwise, so any sample's section counts. In form order.
 */
export function sampleLeftovers(
  definition: TemplateDefinition,
  data: PortfolioData,
  samples: readonly PortfolioData[],
): SampleLeftover[] {
  const sampleSections = samples.flatMap((sample) =>
    SECTION_KEYS.flatMap((key) => sample[key] ?? []),
  );
  const sampleTiles = tilesOf(samples);
  const found: SampleLeftover[] = [];
  for (const step of editorSteps(definition, data)) {
    if (step.id === 'personalDetails') {
      for (const field of PERSONAL_FIELDS) {
        if (!definition.personalDetails.includes(field.key)) continue;
        const label = field.kind === 'image' ? 'Profile image' : field.label;
        const value = data.personalDetails[field.key];
        // Any template's sample art is a sample here: a change of template carries it along.
        const leftover =
          field.kind === 'image'
            ? isTemplateArt(value.trim())
            : inAny(
                value,
                samples.map((sample) => sample.personalDetails[field.key]),
              );
        if (leftover) {
          found.push({ step: step.id, where: label });
        }
      }
    } else if (isSectionStep(step.id)) {
      const spec = definition.sections[step.id];
      const section = data[step.id];
      if (!spec || !section) continue;
      for (const field of SECTION_FIELDS) {
        // A section's title ("Services", "What I do") is a heading anyone may keep, not words of the sample person.
        if (field.key === 'sectionTitle' || !spec.fields.includes(field.key)) continue;
        if (
          inAny(
            section[field.key],
            sampleSections.map((sample) => sample[field.key]),
          )
        ) {
          found.push({ step: step.id, where: `${step.label}: ${field.label}` });
        }
      }
      const tiles = section.sectionTiles.filter((tile) => isSampleTile(tile, sampleTiles)).length;
      if (tiles > 0) {
        found.push({
          step: step.id,
          where: `${step.label}: ${plural(tiles, 'tile')}`,
        });
      }
      // A tile made the person's own in words that still shows the sample's picture (their
      // "Backwater kitchens" over the sample's city skyline) or links to the sample's page (an
      // example.com address where their project should be).
      const rewritten = section.sectionTiles.filter((tile) => !isSampleTile(tile, sampleTiles));
      for (const [field, what] of [
        ['img', 'tile picture'],
        ['link', 'tile link'],
      ] as const) {
        if (!spec.tileFields.includes(field)) continue;
        const isLeftover = (tile: Tile) =>
          field === 'img' ? isTemplateArt(tile.img.trim()) : keepsSampleLink(tile, sampleTiles);
        const kept = rewritten.filter(isLeftover).length;
        if (kept > 0) found.push({ step: step.id, where: `${step.label}: ${plural(kept, what)}` });
      }
    } else if (step.id === 'contactDetails') {
      for (const field of CONTACT_FIELDS) {
        if (!definition.contactDetails.includes(field.key)) continue;
        const sampleValues = samples.map((sample) => sample.contactDetails[field.key]);
        if (inAny(data.contactDetails[field.key], sampleValues)) {
          found.push({ step: step.id, where: field.label });
        }
      }
      // The sample person's profiles: a visitor following them would land on someone else.
      if (definition.contactDetails.includes('socialLinks')) {
        const sampleUrls = linksOf(samples).map((link) => link.url);
        const links = data.contactDetails.socialLinks.filter((link) =>
          inAny(link.url, sampleUrls),
        ).length;
        if (links > 0) {
          found.push({ step: step.id, where: `Social links: ${plural(links, 'link')}` });
        }
      }
    }
  }
  return found;
}

/**
 * A tile with nothing of the person's in it: a sample's words, and no picture, link or icon of
 * their own. A tile with the sample's words but the person's photo is a sample to warn about
 * (isSampleTile), never one to remove with the photo.
 */
export const isWholeSampleTile = (tile: Tile, samples: readonly Tile[]) =>
  samples.some(
    (sample) =>
      same(tile.title, sample.title) &&
      tile.desc.trim() === sample.desc.trim() &&
      (tile.img.trim() === '' || isTemplateArt(tile.img.trim())) &&
      keptOrEmpty(tile.link, sample.link) &&
      keptOrEmpty(tile.icon, sample.icon),
  );

/**
 * A tile the person wrote in, still linking where a sample's tile links (example.com): named in
 * the final preview, and said at its link field in the editor.
 */
export const keepsSampleLink = (tile: Tile, samples: readonly Tile[]) =>
  !isSampleTile(tile, samples) && samples.some((sample) => same(tile.link, sample.link));

/**
 * The tiles without those that are wholly a sample's; a section keeps one tile, so a list of
 * nothing but samples leaves one blank tile to write in.
 */
export function withoutSampleTiles(tiles: readonly Tile[], samples: readonly Tile[]): Tile[] {
  const own = tiles.filter((tile) => !isWholeSampleTile(tile, samples));
  return own.length > 0 ? own : [blankTile()];
}

/** What `pick` takes from every template's sample, once loaded (nothing until then). */
function useFromEverySample<T>(pick: (samples: readonly PortfolioData[]) => T[]): readonly T[] {
  const [picked, setPicked] = useState<readonly T[]>([]);
  useEffect(() => {
    let current = true;
    void loadEverySample().then((samples) => {
      if (current) setPicked(pick(samples));
    });
    return () => {
      current = false;
    };
  }, [pick]);
  return picked;
}

/** Every template's sample tiles, once loaded (none until then). */
export const useSampleTiles = (): readonly Tile[] => useFromEverySample(tilesOf);

/** Every template's sample social links, once loaded (none until then). */
export const useSampleLinks = (): readonly SocialLink[] => useFromEverySample(linksOf);

const contactsOf = (samples: readonly PortfolioData[]) =>
  samples.map((sample) => sample.contactDetails);

/** Every template's sample contact details, once loaded (none until then). */
export const useSampleContacts = (): readonly ContactDetails[] => useFromEverySample(contactsOf);

/** A contact field (email, phone, address) that reads as a sample has it. */
export const isSampleContact = (
  key: SampleContactField,
  value: string,
  samples: readonly ContactDetails[],
) =>
  inAny(
    value,
    samples.map((sample) => sample[key]),
  );

export type SampleContactField = (typeof CONTACT_FIELDS)[number]['key'];
