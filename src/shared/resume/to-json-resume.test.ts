import { describe, expect, it } from 'vitest';
import { validateJsonResume as validate } from '../../../test/json-resume-schema.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../templates/registry.js';
import { TEMPLATE_IDS } from '../templates/catalog.js';
import { fromJsonResume } from './json-resume.js';
import { applyImport, planImport, type ImportPartId } from './plan-import.js';
import { resumeFileName, toJsonResume } from './to-json-resume.js';

const options = {
  imageUrl: (value: string) => (/^https?:/.test(value) ? value : undefined),
  now: new Date('2026-12-06T10:20:30.456Z'),
};

describe('Export as JSON Resume', () => {
  it('the check refuses what the standard refuses', () => {
    expect(validate({ basics: { email: 'no' } })).toBe(false);
    expect(validate({ projects: [{ url: 'not a uri' }] })).toBe(false);
    expect(validate({ resume: {} })).toBe(false);
  });

  it.each(TEMPLATE_IDS)('%s: the sample exports as a valid JSON Resume v1', (id) => {
    const resume = toJsonResume(SAMPLE_DATA[id], TEMPLATE_DEFINITIONS[id], {
      ...options,
      canonical: 'https://example.com/users/asha',
    });
    expect(validate(resume), JSON.stringify(validate.errors)).toBe(true);
    expect(resume.basics.name).toBe(SAMPLE_DATA[id].personalDetails.name);
    expect(resume.meta).toEqual({
      version: 'v1.0.0',
      lastModified: '2026-12-06T10:20:30',
      canonical: 'https://example.com/users/asha',
    });
    // The sample's artwork is no one's picture to export.
    expect(resume.basics.image).toBeUndefined();
  });

  it.each(TEMPLATE_IDS)('%s: exported tiles come back to the same sections on import', (id) => {
    const data = SAMPLE_DATA[id];
    const definition = TEMPLATE_DEFINITIONS[id];
    const profile = fromJsonResume(
      JSON.parse(JSON.stringify(toJsonResume(data, definition, options))),
    );
    const planned = planImport(profile, definition, data, data);
    const back = applyImport(data, planned, new Set<ImportPartId>(planned.parts.map((p) => p.id)));
    for (const key of ['section', 'section2', 'section3'] as const) {
      const titles = (value: typeof data) =>
        value[key]?.sectionTiles
          .filter((tile) => tile.title || tile.desc)
          .map((tile) => tile.title);
      expect(titles(back)).toEqual(titles(data));
    }
    expect(back.personalDetails.intro).toBe(data.personalDetails.intro);
    expect(back.contactDetails.socialLinks.map((link) => link.url)).toEqual(
      data.contactDetails.socialLinks.map((link) => link.url),
    );
  });

  it('writes only what the template shows and what the standard accepts', () => {
    const data = structuredClone(SAMPLE_DATA.template5);
    data.personalDetails.profileImage = 'https://images.example.com/me.jpg';
    data.contactDetails.email = 'not an email';
    data.contactDetails.address = 'Phantom shows no address';
    data.section!.sectionTiles[0]!.link = '/about-us';
    const resume = toJsonResume(data, TEMPLATE_DEFINITIONS.template5, options);
    expect(validate(resume), JSON.stringify(validate.errors)).toBe(true);
    expect(resume.basics.image).toBe('https://images.example.com/me.jpg');
    expect(resume.basics.email).toBeUndefined();
    expect(resume.basics.location).toBeUndefined();
    expect(resume.projects[0]!.url).toBeUndefined();
  });

  it('names the file after the person', () => {
    expect(resumeFileName('Zoë Ångström')).toBe('zoe-angstrom.resume.json');
    expect(resumeFileName('')).toBe('portfolio.resume.json');
  });
});
