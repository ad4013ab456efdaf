import { describe, expect, it } from 'vitest';
import { SAMPLE_DATA } from './templates/registry.js';
import { parseDraftForPublishing, parseDraftAsTyped, parseDraftForPreview } from './draft.js';
import { LIMITS } from './domain/limits.js';
import { parsePortfolio, type PortfolioData } from './domain/portfolio.js';

const raw = (data: unknown, templateId: unknown = 'template2') =>
  JSON.stringify({ templateId, data });

/** A draft with a bad value in every kind of field, and good ones beside them. */
const messy = {
  personalDetails: {
    name: `  ${'N'.repeat(LIMITS.name + 20)}  `,
    headline: 'Illustrator',
    intro: 42,
    profileImage: 'javascript:alert(1)',
  },
  section: {
    sectionTitle: 'Work',
    sectionSubtitle: 'Selected projects',
    sectionFooterText: 'x'.repeat(LIMITS.paragraph + 1),
    sectionTiles: [
      { title: 'Good', desc: 'Kept', link: 'https://example.com/a', img: '/templates/art/a.svg' },
      {
        title: 'Bad links',
        link: 'javascript:alert(document.cookie)',
        img: 'data:image/svg+xml,<svg onload=alert(1)>',
        icon: 'skull',
      },
      { title: 'Protocol-relative', link: '//evil.example/x', img: 'https://ok.example/p.png' },
      'not a tile',
    ],
  },
  contactDetails: {
    email: 'not an email',
    tel: '+91 98765<script>',
    address: 'Pune',
    socialLinks: [
      { url: 'https://github.com/asha', label: 'GitHub', iconClass: 'fa-brands fa-github' },
      { url: 'vbscript:msgbox(1)', label: 'Bad', iconClass: 'no-such-icon' },
    ],
  },
};

describe('parseDraftForPreview', () => {
  it('shows no image rather than a broken one for a share link pasted into an image field', () => {
    const data = structuredClone(SAMPLE_DATA.template2) as PortfolioData;
    data.personalDetails.profileImage = 'https://drive.google.com/file/d/1AbC/view?usp=sharing';
    data.section!.sectionTiles[0]!.img = 'https://www.dropbox.com/s/abc/photo.jpg?dl=0';
    const result = parseDraftForPreview(raw(data));
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.draft.data.personalDetails.profileImage).toBe('');
    expect(result.draft.data.section!.sectionTiles[0]!.img).toBe('');
    expect(result.draft.data.section!.sectionTiles[1]!.img).toBe(
      data.section!.sectionTiles[1]!.img,
    );
  });

  it('keeps every valid field and blanks or cuts only the invalid ones', () => {
    const result = parseDraftForPreview(raw(messy));
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    const { data, templateId } = result.draft;
    expect(templateId).toBe('template2');
    expect(data.personalDetails).toEqual({
      type: 'personalDetails',
      name: 'N'.repeat(LIMITS.name),
      headline: 'Illustrator',
      intro: '',
      profileImage: '',
    });
    expect(data.section).toMatchObject({
      sectionTitle: 'Work',
      sectionSubTitle: 'Selected projects',
    });
    expect(data.section!.sectionFooterText).toHaveLength(LIMITS.paragraph);
    expect(data.section!.sectionTiles).toEqual([
      { title: 'Good', desc: 'Kept', link: 'https://example.com/a', img: '/templates/art/a.svg' },
      { title: 'Bad links', desc: '', link: '', img: '' },
      { title: 'Protocol-relative', desc: '', link: '', img: 'https://ok.example/p.png' },
      { title: '', desc: '', link: '', img: '' },
    ]);
    expect(data.contactDetails).toEqual({
      type: 'contactDetails',
      email: '',
      tel: '',
      address: 'Pune',
      socialLinks: [
        { url: 'https://github.com/asha', label: 'GitHub', iconClass: 'github' },
        { url: '', label: 'Bad', iconClass: 'website' },
      ],
    });
  });

  it('always gives data the strict parser accepts, whatever was stored', () => {
    const result = parseDraftForPreview(raw(messy));
    expect(result.status === 'ok' && parsePortfolio(result.draft.data).ok).toBe(true);
    // The same document is refused by the strict reader the server-side uses rely on.
    expect(parseDraftForPublishing(raw(messy)).status).toBe('invalid');
  });

  it('leaves a valid draft exactly as the strict reader reads it', () => {
    for (const [templateId, data] of Object.entries(SAMPLE_DATA)) {
      const strict = parseDraftForPublishing(raw(data, templateId));
      const lenient = parseDraftForPreview(raw(data, templateId));
      expect(strict.status).toBe('ok');
      expect(lenient).toEqual(strict);
    }
  });

  it('cuts lists to their limits and gives a section with no tiles one empty tile', () => {
    const tile = { title: 'T', desc: '', img: '', link: '' };
    const link = { url: 'https://example.com', label: 'L', iconClass: 'website' };
    const result = parseDraftForPreview(
      raw({
        personalDetails: { name: 'A' },
        section: { sectionTiles: Array.from({ length: LIMITS.maxTiles + 3 }, () => tile) },
        section2: { sectionTiles: [] },
        contactDetails: { socialLinks: Array.from({ length: 20 }, () => link) },
      }),
    );
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.draft.data.section!.sectionTiles).toHaveLength(LIMITS.maxTiles);
    expect(result.draft.data.section2!.sectionTiles).toEqual([
      { title: '', desc: '', img: '', link: '' },
    ]);
    expect(result.draft.data.contactDetails.socialLinks).toHaveLength(LIMITS.maxSocialLinks);
  });

  it('does not split an emoji when it cuts a text', () => {
    const name = `${'a'.repeat(LIMITS.name - 1)}😀`;
    const result = parseDraftForPreview(raw({ personalDetails: { name } }));
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.draft.data.personalDetails.name).toBe('a'.repeat(LIMITS.name - 1));
  });

  it.each([
    [null, 'missing'],
    ['', 'missing'],
    ['{not json', 'invalid'],
    ['"a string"', 'invalid'],
    [raw({}, 'template9'), 'invalid'],
    [JSON.stringify({ data: {} }), 'invalid'],
  ])('reads %j as %s', (stored, status) => {
    expect(parseDraftForPreview(stored).status).toBe(status);
  });

  it('reads a draft with no data at all as an empty portfolio', () => {
    const result = parseDraftForPreview(JSON.stringify({ templateId: 'template1' }));
    if (result.status !== 'ok') throw new Error(result.status);
    expect(result.draft.data.personalDetails.name).toBe('');
    expect(result.draft.data.section).toBeUndefined();
  });
});

describe('parseDraftAsTyped', () => {
  it('gives the editor back exactly what was typed, invalid and untrimmed values included', () => {
    const draft = parseDraftAsTyped(raw(messy));
    expect(draft?.templateId).toBe('template2');
    const data = draft!.data;
    expect(data.personalDetails.name).toBe(messy.personalDetails.name);
    expect(data.personalDetails.profileImage).toBe('javascript:alert(1)');
    expect(data.personalDetails.intro).toBe('');
    expect(data.section!.sectionSubTitle).toBe('Selected projects');
    expect(data.section!.sectionTiles[1]).toEqual({
      title: 'Bad links',
      desc: '',
      link: 'javascript:alert(document.cookie)',
      img: 'data:image/svg+xml,<svg onload=alert(1)>',
    });
    expect(data.contactDetails.email).toBe('not an email');
    expect(data.contactDetails.socialLinks.map((link) => link.iconClass)).toEqual([
      'github',
      'website',
    ]);
  });

  it('keeps a tile icon from the supported list', () => {
    const data: Partial<PortfolioData> = {
      section: {
        type: 'section',
        sectionTitle: '',
        sectionSubTitle: '',
        sectionFooterText: '',
        sectionTiles: [{ title: '', desc: '', img: '', link: '', icon: 'rocket' }],
      },
    };
    expect(parseDraftAsTyped(raw(data))!.data.section!.sectionTiles[0]!.icon).toBe('rocket');
  });

  it('reads nothing from a missing, broken or template-less draft', () => {
    expect(parseDraftAsTyped(null)).toBeUndefined();
    expect(parseDraftAsTyped('{')).toBeUndefined();
    expect(parseDraftAsTyped(raw({}, 'nope'))).toBeUndefined();
  });
});
