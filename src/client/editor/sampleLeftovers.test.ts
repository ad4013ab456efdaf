import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { sampleLeftovers } from './sampleLeftovers.js';

describe('what a draft still has of the sample', () => {
  const definition = TEMPLATE_DEFINITIONS.template1;
  const sample = SAMPLE_DATA.template1;

  it('names every shown part left as the sample had it, in form order', () => {
    const where = sampleLeftovers(definition, structuredClone(sample), sample).map(
      (leftover) => leftover.where,
    );
    expect(where[0]).toBe('Name');
    expect(where).toContain('Intro');
    expect(where).toContain('Phone');
    expect(where).toContain('Address');
    expect(where).toContain('Social links: 5 links');
    expect(where.some((part) => /: \d+ tiles?$/.test(part))).toBe(true);
  });

  it('leaves out what the person changed, emptied or added', () => {
    const draft = structuredClone(sample);
    draft.personalDetails.name = 'Asha Rao';
    draft.personalDetails.intro = '';
    draft.contactDetails.tel = '+91 98765 43210';
    draft.contactDetails.socialLinks[0]!.url = 'https://github.com/asha-rao';
    const tiles = draft.section!.sectionTiles;
    tiles[0] = { ...tiles[0]!, title: 'Wedding films' };
    const where = sampleLeftovers(definition, draft, sample).map((leftover) => leftover.where);
    expect(where).not.toContain('Name');
    expect(where).not.toContain('Intro');
    expect(where).not.toContain('Phone');
    // Of the sample's 5 links and 3 service tiles, one of each was made the person's own.
    expect(where).toContain('Social links: 4 links');
    expect(where).toContain('Services: 2 tiles');
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
    const where = sampleLeftovers(definition, draft, sample).map((leftover) => leftover.where);
    expect(where).toContain('Portfolio: 1 tile picture');
  });

  it('finds nothing in a portfolio written by its owner', () => {
    const draft = structuredClone(sample);
    const owned = sampleLeftovers(definition, draft, SAMPLE_DATA.template2);
    expect(owned.filter((leftover) => leftover.where === 'Name')).toHaveLength(0);
  });
});
