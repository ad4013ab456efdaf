import { describe, expect, it } from 'vitest';
import { carryOver } from './carry-over.js';
import { parsed } from './common/test-helpers.js';
import { TEMPLATE_DEFINITIONS } from './catalog.js';

// Directive (template2): headline, one "Features" section with footer text, image and icon
// tiles, and an address. Phantom (template5) has no address and no footer text; Miniport
// (template1) has no headline and no tile images in its first section.
const directiveDraft = parsed({
  personalDetails: { name: 'Asha Rao', headline: 'Designer', intro: 'Hello', profileImage: '' },
  section: {
    sectionTitle: 'Work',
    sectionSubTitle: 'Recent',
    sectionFooterText: 'More on request',
    sectionTiles: [
      { img: 'https://example.com/a.png', title: 'A', desc: 'First', link: '', icon: 'star' },
      { img: '', title: 'B', desc: 'Second', link: 'https://example.com/b' },
    ],
  },
  contactDetails: {
    email: 'asha@example.com',
    tel: '+91 98765 43210',
    address: 'Kochi',
    socialLinks: [{ url: 'https://github.com/asha', label: 'GitHub', iconClass: 'github' }],
  },
});

describe('changing template in the editor', () => {
  it('carries over everything the two templates share', () => {
    const { data } = carryOver(
      directiveDraft,
      TEMPLATE_DEFINITIONS.template2,
      TEMPLATE_DEFINITIONS.template5,
    );
    expect(data.personalDetails).toMatchObject({
      name: 'Asha Rao',
      headline: 'Designer',
      intro: 'Hello',
    });
    expect(data.contactDetails).toMatchObject({
      email: 'asha@example.com',
      tel: '+91 98765 43210',
      address: '',
      socialLinks: directiveDraft.contactDetails.socialLinks,
    });
    expect(data.section?.sectionTitle).toBe('Work');
    expect(data.section?.sectionFooterText).toBe('');
    expect(data.section?.sectionTiles.map((tile) => [tile.title, tile.desc, tile.img])).toEqual([
      ['A', 'First', 'https://example.com/a.png'],
      ['B', 'Second', ''],
    ]);
  });

  it('lists what the new template cannot show, and nothing when it shows it all', () => {
    expect(
      carryOver(directiveDraft, TEMPLATE_DEFINITIONS.template2, TEMPLATE_DEFINITIONS.template5)
        .lost,
    ).toEqual(['Features footer text', 'Address']);
    expect(
      carryOver(directiveDraft, TEMPLATE_DEFINITIONS.template2, TEMPLATE_DEFINITIONS.template1)
        .lost,
    ).toEqual(['Headline', 'Features: the image of 1 tile']);
    const empty = parsed({ personalDetails: { name: 'Asha' } });
    expect(
      carryOver(empty, TEMPLATE_DEFINITIONS.template2, TEMPLATE_DEFINITIONS.template5).lost,
    ).toEqual([]);
  });

  it('names a whole section the new template does not have', () => {
    const miniport = parsed({
      personalDetails: { name: 'Asha' },
      section: { sectionTitle: 'Services', sectionTiles: [{ title: 'Design' }] },
      section2: {
        sectionTitle: 'Portfolio',
        sectionTiles: [{ title: 'One' }, { title: 'Two' }, { title: '' }],
      },
    });
    const { data, lost } = carryOver(
      miniport,
      TEMPLATE_DEFINITIONS.template1,
      TEMPLATE_DEFINITIONS.template2,
    );
    expect(lost).toEqual(['The Portfolio section (2 tiles)']);
    expect(data.section2).toBeUndefined();
    expect(data.section?.sectionTiles[0]?.title).toBe('Design');
  });
});
