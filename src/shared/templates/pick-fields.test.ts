import { describe, expect, it } from 'vitest';
import { parsePortfolio, type PortfolioData } from '../domain/portfolio.js';
import { parsed } from './common/test-helpers.js';
import { pickTemplateFields } from './pick-fields.js';
import { TEMPLATE_DEFINITIONS } from './catalog.js';

const full = (): PortfolioData => {
  const tile = {
    img: 'https://example.com/a.png',
    title: 'T',
    desc: 'D',
    link: 'https://example.com',
    icon: 'bolt',
  };
  const section = {
    sectionTitle: 'S',
    sectionSubTitle: 'Sub',
    sectionFooterText: 'F',
    sectionTiles: [tile],
  };
  return parsed({
    personalDetails: {
      name: 'N',
      headline: 'H',
      intro: 'I',
      profileImage: 'https://example.com/p.png',
    },
    section,
    section2: section,
    section3: section,
    contactDetails: {
      email: 'a@example.com',
      tel: '+91 1',
      address: 'Pune',
      socialLinks: [{ url: 'https://github.com/a', label: 'GitHub', iconClass: 'github' }],
    },
  });
};

describe('pickTemplateFields', () => {
  it('keeps only the sections and fields Solid-State shows', () => {
    const picked = pickTemplateFields(TEMPLATE_DEFINITIONS.template4, full());
    expect(picked.personalDetails.headline).toBe('H');
    expect(picked.personalDetails.name).toBe('N');
    expect(picked.section).toEqual({
      type: 'section',
      sectionTitle: 'S',
      sectionSubTitle: '',
      sectionFooterText: '',
      sectionTiles: [
        { img: 'https://example.com/a.png', title: 'T', desc: 'D', link: 'https://example.com' },
      ],
    });
    expect(picked.section2?.sectionFooterText).toBe('F');
    expect(picked.section3).toBeUndefined();
  });

  it('keeps tile icons only where the template shows them', () => {
    expect(
      pickTemplateFields(TEMPLATE_DEFINITIONS.template2, full()).section?.sectionTiles[0]?.icon,
    ).toBe('bolt');
    expect(
      pickTemplateFields(TEMPLATE_DEFINITIONS.template3, full()).section?.sectionTiles[0],
    ).not.toHaveProperty('icon');
  });

  it('gives a result that is itself valid for every template', () => {
    for (const definition of Object.values(TEMPLATE_DEFINITIONS)) {
      expect(parsePortfolio(pickTemplateFields(definition, full())).ok).toBe(true);
    }
  });
});
