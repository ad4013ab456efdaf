import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { resolveEditorStart, withTemplateParts } from './editorData.js';

const stored = (templateId: string, data: unknown) => JSON.stringify({ templateId, data });
const person = { name: 'Asha', headline: '', intro: '', profileImage: 'javascript:alert(1)' };

describe('resolveEditorStart', () => {
  it('opens the stored draft of the template named in navigation state', async () => {
    const start = await resolveEditorStart(
      { templateId: 'template3', step: 'section2' },
      stored('template3', { personalDetails: person }),
    );
    expect(start?.draft.templateId).toBe('template3');
    // Invalid input is the user's and comes back as typed.
    expect(start?.draft.data.personalDetails.profileImage).toBe('javascript:alert(1)');
  });

  it('recovers the template from the draft after a reload without state', async () => {
    const start = await resolveEditorStart(null, stored('template5', { personalDetails: person }));
    expect(start?.draft.templateId).toBe('template5');
  });

  it('keeps the stored work when an old history entry names another template', async () => {
    const start = await resolveEditorStart(
      { templateId: 'template1', step: 'section2' },
      stored('template4', { personalDetails: person }),
    );
    expect(start?.draft.templateId).toBe('template4');
    expect(start?.draft.data.personalDetails.name).toBe('Asha');
  });

  it('starts from the sample data when a template is named but nothing is stored', async () => {
    const start = await resolveEditorStart({ templateId: 'template2' }, null);
    expect(start?.draft.templateId).toBe('template2');
    expect(start?.draft.data.section?.sectionTiles.length).toBeGreaterThan(0);
  });

  it('has nothing to open with no state and no usable draft', async () => {
    expect(await resolveEditorStart(undefined, null)).toBeUndefined();
    expect(await resolveEditorStart({ templateId: 'template9' }, '{broken')).toBeUndefined();
    expect(await resolveEditorStart({}, stored('nope', {}))).toBeUndefined();
  });
});

describe('withTemplateParts', () => {
  it('adds the sections the template shows, each with one empty tile, and keeps the rest', () => {
    const data = {
      personalDetails: { type: 'personalDetails', ...person },
      section: {
        type: 'section',
        sectionTitle: 'Kept',
        sectionSubTitle: '',
        sectionFooterText: '',
        sectionTiles: [],
      },
      section3: {
        type: 'section3',
        sectionTitle: 'Not shown by the template, kept anyway',
        sectionSubTitle: '',
        sectionFooterText: '',
        sectionTiles: [],
      },
      contactDetails: { type: 'contactDetails', email: '', tel: '', address: '', socialLinks: [] },
    } satisfies PortfolioData;
    const result = withTemplateParts(TEMPLATE_DEFINITIONS.template1, data);
    expect(result.section).toMatchObject({ sectionTitle: 'Kept' });
    expect(result.section!.sectionTiles).toEqual([{ img: '', title: '', desc: '', link: '' }]);
    expect(result.section2).toEqual({
      type: 'section2',
      sectionTitle: '',
      sectionSubTitle: '',
      sectionFooterText: '',
      sectionTiles: [{ img: '', title: '', desc: '', link: '' }],
    });
    expect(result.section3).toBe(data.section3);
    expect(data.section.sectionTiles).toEqual([]);
  });
});
