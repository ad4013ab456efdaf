import { describe, expect, it } from 'vitest';
import type { TemplateDefinition } from '../../shared/templates/catalog.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { carryOver } from '../../shared/templates/carry-over.js';
import { blankTile, SECTION_KEYS } from '../../shared/domain/portfolio.js';
import { TILE_ICONS } from '../../shared/domain/icons.js';
import {
  isSampleTile,
  isWholeSampleLink,
  keepsSampleLink,
  sampleLeftovers,
  withoutSampleTiles,
} from './sampleLeftovers.js';

describe('what a draft still has of the sample', () => {
  const definition = TEMPLATE_DEFINITIONS.template1;
  const sample = SAMPLE_DATA.template1;
  const samples = Object.values(SAMPLE_DATA);

  it('names every shown part left as the sample had it, in form order', () => {
    const where = sampleLeftovers(definition, structuredClone(sample), samples).map(
      (leftover) => leftover.where,
    );
    expect(where[0]).toBe('Name');
    expect(where).toContain('Intro');
    expect(where).toContain('Phone');
    expect(where).toContain('Address');
    expect(where).toContain('Social links: 5 links');
    expect(where.some((part) => /: \d+ tiles?$/.test(part))).toBe(true);
    // Each part once: the Style step after Contact names nothing of its own.
    expect(new Set(where).size).toBe(where.length);
  });

  it('leaves out what the person changed, emptied or added', () => {
    const draft = structuredClone(sample);
    draft.personalDetails.name = 'Asha Rao';
    draft.personalDetails.intro = '';
    draft.contactDetails.tel = '+91 98765 43210';
    draft.contactDetails.socialLinks[0]!.url = 'https://github.com/asha-rao';
    const tiles = draft.section!.sectionTiles;
    tiles[0] = { ...tiles[0]!, title: 'Wedding films' };
    const where = sampleLeftovers(definition, draft, samples).map((leftover) => leftover.where);
    expect(where).not.toContain('Name');
    expect(where).not.toContain('Intro');
    expect(where).not.toContain('Phone');
    // Of the sample's 5 links and 3 service tiles, one of each was made the person's own.
    expect(where).toContain('Social links: 4 links');
    expect(where).toContain("Here's what I do: 2 tiles");
  });

  it("names the sample's pictures left on tiles the person wrote themselves", () => {
    const draft = structuredClone(sample);
    const work = draft.section2!.sectionTiles;
    // Two tiles in the person's words: one keeps the sample's picture, one has their own.
    work[0] = { ...work[0]!, title: 'Backwater kitchens', desc: 'A cookbook from Kerala.' };
    work[1] = {
      ...work[1]!,
      title: 'Temple town',
      desc: 'Posters.',
      img: 'https://example.com/a.jpg',
    };
    const where = sampleLeftovers(definition, draft, samples).map((leftover) => leftover.where);
    expect(where).toContain('Some things I made recently: 1 tile picture');
  });

  it("names another template's sample pictures that a change of template carried over", () => {
    // Phantom's own content, but Mini-port's sample portrait and a Hyperspace tile picture.
    const phantom = SAMPLE_DATA.template5;
    const draft = structuredClone(phantom);
    draft.personalDetails.name = 'Asha Rao';
    draft.personalDetails.profileImage = SAMPLE_DATA.template1.personalDetails.profileImage;
    const tiles = draft.section!.sectionTiles;
    tiles[0] = { ...tiles[0]!, title: 'Wedding films', img: '/templates/art/tile-10.svg' };
    const where = sampleLeftovers(TEMPLATE_DEFINITIONS.template5, draft, samples).map(
      (leftover) => leftover.where,
    );
    expect(where).toContain('Profile image');
    expect(where).toContain('Selected work: 1 tile picture');
  });

  it("names the sample's links left on tiles the person wrote themselves", () => {
    const draft = structuredClone(sample);
    const services = draft.section!.sectionTiles;
    const work = draft.section2!.sectionTiles;
    expect(services[0]!.link).toMatch(/^https:\/\/example\.com\//);
    // Rewritten, sample link kept: flagged, in the section it is in. One more tile takes another
    // tile's sample link: still the sample's page.
    services[0] = { ...services[0]!, title: 'Wedding films' };
    services[1] = { ...services[1]!, desc: 'Short films for families.', link: services[2]!.link };
    // Rewritten with a link of the person's own, or none: nothing to say.
    work[0] = { ...work[0]!, title: 'Backwater kitchens', link: 'https://asha.example/kitchens' };
    work[1] = { ...work[1]!, title: 'Temple town', link: '' };
    const where = sampleLeftovers(definition, draft, samples).map((leftover) => leftover.where);
    expect(where).toContain("Here's what I do: 2 tile links");
    expect(
      where.filter(
        (part) => part.startsWith('Some things I made recently: ') && part.includes('link'),
      ),
    ).toEqual([]);
    // An untouched tile is counted once, as a sample tile, not again for its link.
    expect(where).toContain("Here's what I do: 1 tile");
  });

  it("says at a tile's link field what the final preview names, and nothing for a sample tile", () => {
    const sampleTiles = samples.flatMap((one) =>
      SECTION_KEYS.flatMap((key) => one[key]?.sectionTiles ?? []),
    );
    const tile = sample.section!.sectionTiles[0]!;
    // Untouched, the tile is a sample tile (offered for removal), not a link to replace.
    expect(keepsSampleLink(tile, sampleTiles)).toBe(false);
    expect(keepsSampleLink({ ...tile, title: 'Wedding films' }, sampleTiles)).toBe(true);
    // The sample's words over the person's own photo: still the sample's words, counted as such.
    expect(keepsSampleLink({ ...tile, img: 'https://asha.example/photo.jpg' }, sampleTiles)).toBe(
      false,
    );
    expect(
      keepsSampleLink(
        { ...tile, title: 'Wedding films', link: 'https://asha.example/' },
        sampleTiles,
      ),
    ).toBe(false);
    expect(keepsSampleLink({ ...tile, title: 'Wedding films', link: '' }, sampleTiles)).toBe(false);
  });

  it('names no links where the template shows none', () => {
    const services = definition.sections.section!;
    const linkless: TemplateDefinition = {
      ...definition,
      sections: {
        ...definition.sections,
        section: { ...services, tileFields: services.tileFields.filter((f) => f !== 'link') },
      },
    };
    const draft = structuredClone(sample);
    draft.section!.sectionTiles[0]!.title = 'Wedding films';
    const where = sampleLeftovers(linkless, draft, samples).map((leftover) => leftover.where);
    expect(where.some((part) => part.includes('link') && part.startsWith("Here's what I do"))).toBe(
      false,
    );
    // The same draft, the template showing links: the kept link is named.
    expect(sampleLeftovers(definition, draft, samples).map((l) => l.where)).toContain(
      "Here's what I do: 1 tile link",
    );
  });

  it("names another template's sample words and links that a change of template carried over", () => {
    // The review's case: started on Mini-port, wrote a name and the tiles' words, switched to
    // Directive. Its sample footer line, tile links and profiles are Mini-port's, not Directive's.
    const draft = structuredClone(sample);
    draft.personalDetails.name = 'Asha Rao';
    draft.personalDetails.intro = 'I draw maps.';
    for (const key of ['section', 'section2'] as const) {
      draft[key]!.sectionTiles = draft[key]!.sectionTiles.map((tile, index) => ({
        ...tile,
        title: `Map ${key} ${index + 1}`,
        desc: 'Mine.',
      }));
    }
    const switched = carryOver(draft, definition, TEMPLATE_DEFINITIONS.template2).data;
    expect(switched.section?.sectionFooterText).toMatch(/after the Pujas/);
    const where = sampleLeftovers(TEMPLATE_DEFINITIONS.template2, switched, samples).map(
      (leftover) => leftover.where,
    );
    // Named by the section's title on the page, which came along from Mini-port.
    const name = switched.section!.sectionTitle.replace(/\.$/, '');
    expect(where).toContain(`${name}: Footer text`);
    expect(where).toContain('Social links: 5 links');
    expect(where).toContain('Email');
    expect(
      where.find((part) => part.startsWith(`${name}: `) && / tile links$/.test(part)),
    ).toBeDefined();
    expect(where).not.toContain('Name');
  });

  it('finds nothing in a portfolio written by its owner', () => {
    const draft = structuredClone(sample);
    draft.personalDetails = {
      ...draft.personalDetails,
      name: 'Asha Rao',
      headline: 'Cartographer',
      intro: 'I draw maps.',
      profileImage: '',
    };
    for (const key of ['section', 'section2'] as const) {
      draft[key] = {
        ...draft[key]!,
        sectionSubTitle: '',
        sectionFooterText: '',
        sectionTiles: [{ img: '', title: 'Kerala atlas', desc: 'Mine.', link: '' }],
      };
    }
    draft.contactDetails = {
      ...draft.contactDetails,
      email: 'asha@rao.in',
      tel: '+91 98765 43210',
      address: 'Kochi',
      socialLinks: [{ url: 'https://github.com/asha-rao', label: 'GitHub', iconClass: 'github' }],
    };
    expect(sampleLeftovers(definition, draft, samples)).toEqual([]);
  });
});

describe('removing the sample tiles in one go', () => {
  const sampleTiles = Object.values(SAMPLE_DATA).flatMap((sample) =>
    (['section', 'section2', 'section3'] as const).flatMap(
      (key) => sample[key]?.sectionTiles ?? [],
    ),
  );

  it("keeps the person's tiles, in order, and drops every tile still the sample's", () => {
    // The review: 4 projects of the person's own among 12 sample tiles.
    const tiles = structuredClone(SAMPLE_DATA.template4.section!.sectionTiles);
    const mine = [
      { ...tiles[0]!, title: 'Boat builders', desc: 'Beypore, 2023' },
      { img: '', title: 'Net menders', desc: 'Fort Kochi', link: '' },
    ];
    const mixed = [mine[0]!, ...tiles.slice(1), mine[1]!];
    expect(mixed.filter((tile) => isSampleTile(tile, sampleTiles)).length).toBe(tiles.length - 1);
    expect(withoutSampleTiles(mixed, sampleTiles)).toEqual(mine);
  });

  it("keeps a tile with the sample's words and the person's own photo, link or icon", () => {
    const [first, ...rest] = structuredClone(SAMPLE_DATA.template4.section!.sectionTiles);
    const photo = { ...first!, img: 'upload:' + 'a'.repeat(64) + ':1600x1200' };
    const linked = { ...rest[0]!, link: 'https://example.com/my-work' };
    const iconed = { ...rest[1]!, icon: TILE_ICONS.find((icon) => icon !== rest[1]!.icon)! };
    const tiles = [photo, linked, iconed, ...rest.slice(2)];
    // Still the sample's words: the final preview warns about all of them.
    expect(tiles.every((tile) => isSampleTile(tile, sampleTiles))).toBe(true);
    expect(withoutSampleTiles(tiles, sampleTiles)).toEqual([photo, linked, iconed]);
  });

  it('leaves one blank tile when every tile was the sample', () => {
    const tiles = SAMPLE_DATA.template1.section!.sectionTiles;
    expect(withoutSampleTiles(tiles, sampleTiles)).toEqual([blankTile()]);
  });
});

describe("removing the sample's social links in one go", () => {
  const samples = Object.values(SAMPLE_DATA).flatMap((sample) => sample.contactDetails.socialLinks);
  const [first] = SAMPLE_DATA.template1.contactDetails.socialLinks;

  it('takes a sample address under its own label or none', () => {
    expect(isWholeSampleLink({ ...first! }, samples)).toBe(true);
    expect(isWholeSampleLink({ ...first!, label: '' }, samples)).toBe(true);
  });

  it("leaves a sample address the person relabelled, and the person's own address", () => {
    // The attacker's review: "My real GitHub" on the sample's address went with the samples.
    expect(isWholeSampleLink({ ...first!, label: 'My studio, edited' }, samples)).toBe(false);
    expect(
      isWholeSampleLink({ ...first!, url: 'https://www.instagram.com/meera.lens' }, samples),
    ).toBe(false);
  });
});
