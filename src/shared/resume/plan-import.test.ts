import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_RESUME_FIXTURE, linkedinExportZip } from '../../../test/linkedin-export.js';
import { parsePortfolio, type PortfolioData } from '../domain/portfolio.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../templates/registry.js';
import { TEMPLATE_IDS, type TemplateId } from '../templates/catalog.js';
import { applyImport, planImport, type ImportPartId } from './plan-import.js';
import { fromJsonResume } from './json-resume.js';
import { readResumeFile } from './read-file.js';

const resume = () =>
  readResumeFile('resume.json', new Uint8Array(readFileSync(JSON_RESUME_FIXTURE)));
const linkedin = () => readResumeFile('export.zip', linkedinExportZip());

const plan = (id: TemplateId, data: PortfolioData = SAMPLE_DATA[id], profile = resume()) =>
  planImport(profile, TEMPLATE_DEFINITIONS[id], data, SAMPLE_DATA[id]);

const defaults = (id: TemplateId, data?: PortfolioData, profile = resume()) => {
  const planned = plan(id, data, profile);
  return new Set(planned.parts.filter((part) => part.replaceByDefault).map((part) => part.id));
};

/** The section of a template whose label is `label`. */
const sectionNamed = (id: TemplateId, label: string) =>
  (['section', 'section2', 'section3'] as const).find(
    (key) => TEMPLATE_DEFINITIONS[id].sections[key]?.label === label,
  )!;

describe('importing into each template, by meaning', () => {
  it.each(TEMPLATE_IDS)('%s: every part fills, the result is a valid portfolio', (id) => {
    for (const profile of [resume(), linkedin()]) {
      const planned = plan(id, SAMPLE_DATA[id], profile);
      const all = new Set<ImportPartId>(planned.parts.map((part) => part.id));
      const imported = applyImport(SAMPLE_DATA[id], planned, all);
      const parsed = parsePortfolio(imported);
      expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
      expect(imported.personalDetails.name).toBe(profile.name);
      // Over the sample, every part is ticked at first.
      expect(planned.parts.every((part) => part.replaceByDefault)).toBe(true);
    }
  });

  it('Mini-port: projects go to Portfolio, work and skills to Services', () => {
    const planned = plan('template1');
    expect(planned.parts.map((part) => part.label)).toEqual([
      'Name',
      'Headline',
      'Intro',
      'Email',
      'Phone',
      'Address',
      'Social links',
      'Services',
      'Portfolio',
    ]);
    expect(planned.moves).toEqual([
      'Experience → Services',
      'Skills: 1 tile joins Services',
      'Projects → Portfolio',
    ]);
    expect(planned.notShown).toEqual(['Education: 1 entry', 'Languages: 2 entries']);
    const data = applyImport(SAMPLE_DATA.template1, planned, new Set(['section', 'section2']));
    expect(data.section!.sectionTiles.map((tile) => tile.title)).toEqual([
      'Senior landscape architect at Greenline Studio',
      'Planting design',
    ]);
    expect(data.section2!.sectionTiles.map((tile) => tile.title)).toEqual([
      'Baner Hill Park',
      'Riverside Steps',
    ]);
    expect(data.section2!.sectionTiles[0]!.link).toBe('https://meera.example.com/baner');
    // The sample's title stays (a heading anyone may keep); its sub title and footer go.
    expect(data.section2!.sectionTitle).toBe(SAMPLE_DATA.template1.section2!.sectionTitle);
    expect(data.section2!.sectionSubTitle).toBe('');
    expect(data.section2!.sectionFooterText).toBe('');
    // Parts not chosen stay exactly as they were.
    expect(data.personalDetails).toEqual(SAMPLE_DATA.template1.personalDetails);
    expect(data.contactDetails).toEqual(SAMPLE_DATA.template1.contactDetails);
  });

  it('Hyperspace and Solid-State: projects to the photo section, work to the services one', () => {
    for (const id of ['template3', 'template4'] as const) {
      const data = applyImport(
        SAMPLE_DATA[id],
        plan(id),
        new Set(plan(id).parts.map((part) => part.id)),
      );
      const photos = TEMPLATE_DEFINITIONS[id].sections.section!;
      expect(photos.kind).toBe('photos');
      expect(data.section!.sectionTiles[0]!.title).toBe('Baner Hill Park');
      expect(data.section2!.sectionTiles[0]!.title).toBe(
        'Senior landscape architect at Greenline Studio',
      );
    }
    // Both show the person's role under their name.
    for (const id of ['template3', 'template4'] as const) {
      expect(plan(id).parts.map((part) => part.id)).toContain('headline');
    }
  });

  it('Directive and Phantom: one section, so work and skills join the projects', () => {
    expect(plan('template2').moves).toEqual([
      'Projects → Features',
      'Experience: 1 tile joins Features',
      'Skills: 1 tile joins Features',
    ]);
    const phantom = plan('template5');
    expect(phantom.moves[0]).toBe('Projects → Work');
    const work = phantom.replaced[sectionNamed('template5', 'Work')]!;
    expect(work.sectionTiles.map((tile) => tile.title)).toEqual([
      'Baner Hill Park',
      'Riverside Steps',
      'Senior landscape architect at Greenline Studio',
      'Planting design',
    ]);
    // Phantom shows no address.
    expect(phantom.notShown[0]).toBe('Address: “Pune, Maharashtra, IN”');
  });

  it('LinkedIn export: work experience and skills, social links from websites and X', () => {
    const planned = plan('template3', SAMPLE_DATA.template3, linkedin());
    const links = planned.replaced.contactDetails.socialLinks;
    expect(links.map((link) => [link.url, link.iconClass])).toEqual([
      ['https://rohan.example.com', 'website'],
      ['https://rohan.example.com/notes', 'website'],
      ['https://x.com/rohan_draws', 'twitter'],
    ]);
    expect(planned.replaced.personalDetails.headline).toBe('Product designer at Tidewater');
    expect(planned.replaced.personalDetails.intro).toBe(
      'I design calm software for clinics.\nEight years in health tech.',
    );
  });
});

describe('what is replaced at first', () => {
  it('a part with the person’s own content is not ticked; empty and sample parts are', () => {
    const own = structuredClone(SAMPLE_DATA.template3);
    own.personalDetails.name = 'Asha Rao';
    own.contactDetails.email = '';
    own.section!.sectionTiles[0]!.title = 'My own highlight';
    own.contactDetails.socialLinks = [
      { url: 'https://asha.example.com', label: 'Site', iconClass: 'website' },
    ];
    const ticked = defaults('template3', own);
    expect(ticked.has('name')).toBe(false);
    expect(ticked.has('section')).toBe(false);
    expect(ticked.has('socialLinks')).toBe(false);
    expect(ticked.has('email')).toBe(true);
    expect(ticked.has('intro')).toBe(true);
    expect(ticked.has('section2')).toBe(true);
  });

  it('applying nothing changes nothing', () => {
    const planned = plan('template2');
    expect(applyImport(SAMPLE_DATA.template2, planned, new Set())).toEqual(SAMPLE_DATA.template2);
  });
});

describe('what the portfolio cannot take is listed, not imported', () => {
  it('bad email, phone, links and script addresses; too many tiles; over-long texts', () => {
    const profile = fromJsonResume({
      basics: {
        name: 'N'.repeat(150),
        email: 'not-an-email',
        phone: 'call me maybe',
        image: 'javascript:alert(1)',
        profiles: [{ network: 'X', url: 'javascript:alert(1)' }],
      },
      projects: [
        ...Array.from({ length: 30 }, (_, index) => ({ name: `P${index}` })),
        { name: 'Evil', url: 'javascript:alert(1)' },
      ],
    });
    const planned = planImport(
      profile,
      TEMPLATE_DEFINITIONS.template5,
      SAMPLE_DATA.template5,
      SAMPLE_DATA.template5,
    );
    expect(planned.notShown).toEqual([
      'Email: “not-an-email” is not an email address',
      'Phone: it has characters a phone number cannot have',
      'Profile picture: its address is not an image',
      'Social links: 1 address that is not a web address',
      'Projects: 7 more than a section holds (24)',
      '1 text cut to the length the page allows',
    ]);
    const all = new Set<ImportPartId>(planned.parts.map((part) => part.id));
    const data = applyImport(SAMPLE_DATA.template5, planned, all);
    expect(parsePortfolio(data).ok).toBe(true);
    expect(data.personalDetails.name).toHaveLength(100);
    expect(JSON.stringify(data)).not.toContain('javascript:');
  });
});
