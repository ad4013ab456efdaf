import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/domain/limits.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { pickTemplateFields } from '../../shared/templates/pick-fields.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../../shared/templates/registry.js';
import { draftProblems, fieldProblem } from './fieldRules.js';

describe('fieldProblem', () => {
  it.each([
    ['link', 'https://example.com'],
    ['link', 'mailto:a@example.com'],
    ['link', 'tel:+919876543210'],
    ['link', '/templates/art/tile-01.svg'],
    ['link', ''],
    ['image', 'https://example.com/a.png'],
    ['email', 'asha@example.com'],
    ['email', ''],
    ['tel', '+91 (98765) 43-210'],
    ['name', 'N'.repeat(LIMITS.name)],
  ] as const)('accepts a %s of %j', (kind, value) => {
    expect(fieldProblem(kind, value)).toBeUndefined();
  });

  it.each([
    ['link', 'javascript:alert(1)', 'must be a web address like example.com/work'],
    ['link', '//evil.example', 'must be a web address'],
    ['link', 'java\tscript:alert(1)', 'must be a web address'],
    ['image', 'mailto:a@example.com', 'image address'],
    ['image', 'data:image/png;base64,AAAA', 'image address'],
    ['email', 'asha', 'email address'],
    ['tel', 'call me', 'digits'],
    ['name', 'N'.repeat(LIMITS.name + 1), `limit is ${LIMITS.name}`],
    ['link', `https://example.com/${'p'.repeat(LIMITS.url)}`, `limit is ${LIMITS.url}`],
  ] as const)('refuses a %s of %j', (kind, value, words) => {
    expect(fieldProblem(kind, value)).toContain(words);
  });
});

describe('draftProblems', () => {
  const sample = (id: 'template1' | 'template3') =>
    pickTemplateFields(TEMPLATE_DEFINITIONS[id], structuredClone(SAMPLE_DATA[id]));

  it('finds nothing wrong with the sample data', () => {
    for (const id of ['template1', 'template3'] as const) {
      expect(draftProblems(TEMPLATE_DEFINITIONS[id], sample(id))).toEqual([]);
    }
  });

  it('names each refused field, its step and its control, in form order', () => {
    const data: PortfolioData = sample('template3');
    data.personalDetails.profileImage = 'javascript:alert(1)';
    data.section2!.sectionTiles[1]!.link = 'javascript:void(0)';
    data.contactDetails.email = 'nope';
    data.contactDetails.socialLinks = [{ url: 'vbscript:x', label: 'X', iconClass: 'website' }];
    expect(
      draftProblems(TEMPLATE_DEFINITIONS.template3, data).map(({ step, fieldId, where }) => ({
        step,
        fieldId,
        where,
      })),
    ).toEqual([
      { step: 'personalDetails', fieldId: 'f-profileImage', where: 'Profile image URL' },
      { step: 'section2', fieldId: 'f-section2-tile-2-link', where: 'What I do, tile 2: Link' },
      { step: 'contactDetails', fieldId: 'f-email', where: 'Email' },
      { step: 'contactDetails', fieldId: 'f-social-1-url', where: 'Social link 1: URL' },
    ]);
  });

  it('names a too-long greeting by its own label, as it shows under the name, and other phrases by their fold', () => {
    const data = sample('template1');
    const long = 'x'.repeat(LIMITS.line + 1);
    data.phrases = { greeting: long, contactHeading: long };
    expect(draftProblems(TEMPLATE_DEFINITIONS.template1, data).map(({ where }) => where)).toEqual([
      'Greeting before your name',
      'Words on the page: Contact heading',
    ]);
  });

  it('ignores fields the template does not show', () => {
    const data = sample('template1');
    // Mini-port's services tiles have no image.
    data.section!.sectionTiles[0]!.img = 'javascript:alert(1)';
    expect(draftProblems(TEMPLATE_DEFINITIONS.template1, data)).toEqual([]);
  });
});
