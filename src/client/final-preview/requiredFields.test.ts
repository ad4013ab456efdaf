import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { missingRequiredFields } from './requiredFields.js';

const copy = (data: PortfolioData): PortfolioData => structuredClone(data);

describe('missingRequiredFields', () => {
  it('finds nothing in any template’s sample data', () => {
    for (const id of ['template1', 'template2', 'template3', 'template4', 'template5'] as const) {
      expect(missingRequiredFields(id, SAMPLE_DATA[id])).toEqual([]);
    }
  });

  it('lists empty (or blank) personal, section and tile fields, grouped by part', () => {
    const data = copy(SAMPLE_DATA.template2);
    data.personalDetails.name = '   ';
    data.personalDetails.intro = '';
    data.section!.sectionFooterText = '';
    data.section!.sectionTiles[1]!.title = '';
    data.section!.sectionTiles[1]!.desc = '';
    expect(missingRequiredFields('template2', data)).toEqual([
      { part: 'About you', fields: ['Name', 'Intro'] },
      {
        part: 'Selected work from the last three years',
        fields: ['Footer text', 'Tile 2 title', 'Tile 2 description'],
      },
    ]);
  });

  it('ignores fields the template does not show', () => {
    // Phantom has no footer text; Solid-State's Spotlights show only a title.
    const phantom = copy(SAMPLE_DATA.template5);
    phantom.section!.sectionFooterText = '';
    expect(missingRequiredFields('template5', phantom)).toEqual([]);

    const solid = copy(SAMPLE_DATA.template4);
    solid.section!.sectionSubTitle = '';
    solid.section!.sectionFooterText = '';
    expect(missingRequiredFields('template4', solid)).toEqual([]);
    solid.section!.sectionTitle = '';
    expect(missingRequiredFields('template4', solid)).toEqual([
      { part: 'Spotlights', fields: ['Title'] },
    ]);
  });

  it('reports the titles of a section the template shows but the draft lacks', () => {
    const data = copy(SAMPLE_DATA.template5);
    delete data.section;
    expect(missingRequiredFields('template5', data)).toEqual([
      { part: 'Work', fields: ['Title', 'Sub title'] },
    ]);
  });
});
