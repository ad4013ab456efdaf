import { describe, expect, it } from 'vitest';
import { parsePortfolio } from '../domain/portfolio.js';
import { TEMPLATE_IDS } from './catalog.js';
import { SAMPLE_DATA } from './registry.js';
import { blankStart } from './blank-start.js';

describe('blankStart', () => {
  for (const id of TEMPLATE_IDS) {
    it(`keeps nothing of ${id}'s example person, only its headings`, () => {
      const example = SAMPLE_DATA[id];
      const blank = blankStart(example);
      expect(parsePortfolio(blank).ok).toBe(true);
      const { personalDetails, contactDetails } = blank;
      expect(personalDetails).toEqual({
        type: 'personalDetails',
        name: '',
        profileImage: '',
        headline: '',
        intro: '',
      });
      expect(contactDetails).toMatchObject({ email: '', tel: '', address: '', socialLinks: [] });
      for (const key of ['section', 'section2', 'section3'] as const) {
        expect(blank[key] === undefined).toBe(example[key] === undefined);
        if (!blank[key]) continue;
        expect(blank[key].sectionTitle).toBe(example[key]!.sectionTitle);
        expect(blank[key].sectionSubTitle).toBe('');
        expect(blank[key].sectionFooterText).toBe('');
        expect(blank[key].sectionTiles).toEqual([{ img: '', title: '', desc: '', link: '' }]);
      }
      // Not one of the example's own words or pictures is left but its headings.
      const headings = new Set(
        (['section', 'section2', 'section3'] as const).map((key) => example[key]?.sectionTitle),
      );
      const left = JSON.stringify(blank);
      expect(example.personalDetails.name).not.toBe('');
      expect(left).not.toContain(example.personalDetails.name);
      expect(left).not.toContain('/templates/art/');
      expect(left).not.toContain('example.com');
      for (const heading of headings) if (heading) expect(left).toContain(heading);
      // The example itself is untouched.
      expect(SAMPLE_DATA[id].personalDetails.name).toBe(example.personalDetails.name);
    });
  }

  it('keeps where the contact form goes and the page phrases the owner changed', () => {
    const example = structuredClone(SAMPLE_DATA.template1);
    example.contactDetails.formDelivery = 'mailto';
    example.phrases = { contactHeading: 'Write to me' } as typeof example.phrases;
    const blank = blankStart(example);
    expect(blank.contactDetails.formDelivery).toBe('mailto');
    expect(blank.phrases).toEqual(example.phrases);
  });
});
