import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import { EMAIL_PATTERN } from './email.js';
import { contactDetailsSchema, parsePortfolio, socialLinkSchema } from './portfolio.js';
import { completeLink, isAllowedImage, isAllowedLink, LINK_RULE } from './urls.js';

const minimal = { personalDetails: { name: 'Asha Rao' } };

const withTiles = (tiles: unknown[]) => ({
  ...minimal,
  section: { sectionTitle: 'Work', sectionTiles: tiles },
});

describe('parsePortfolio', () => {
  it('accepts a name alone and fills every text with an empty string', () => {
    const result = parsePortfolio(minimal);
    expect(result).toEqual({
      ok: true,
      data: {
        personalDetails: {
          type: 'personalDetails',
          name: 'Asha Rao',
          profileImage: '',
          headline: '',
          intro: '',
        },
        contactDetails: {
          type: 'contactDetails',
          email: '',
          tel: '',
          address: '',
          socialLinks: [],
        },
      },
    });
  });

  it('stores the legacy sectionSubtitle as sectionSubTitle', () => {
    const result = parsePortfolio({
      ...minimal,
      section2: { sectionSubtitle: 'Selected work', sectionTiles: [{ title: 'One' }] },
    });
    expect(result.ok && result.data.section2).toMatchObject({
      type: 'section2',
      sectionSubTitle: 'Selected work',
    });
    expect(result.ok && 'sectionSubtitle' in result.data.section2!).toBe(false);
  });

  it('drops fields it does not know', () => {
    const result = parsePortfolio({
      ...minimal,
      isAdmin: true,
      personalDetails: { name: 'A', role: 'x' },
    });
    expect(result.ok && result.data).not.toHaveProperty('isAdmin');
    expect(result.ok && result.data.personalDetails).not.toHaveProperty('role');
  });

  it.each([
    [
      { personalDetails: { name: 'x'.repeat(LIMITS.name + 1) } },
      'personalDetails.name',
      'must be at most 100 characters',
    ],
    [
      { personalDetails: { name: 'A', intro: 'x'.repeat(LIMITS.paragraph + 1) } },
      'personalDetails.intro',
      'must be at most 2000 characters',
    ],
    [
      { personalDetails: { name: 'A', profileImage: 'javascript:alert(1)' } },
      'personalDetails.profileImage',
      'must be an image address',
    ],
    [
      { personalDetails: { name: 'A', profileImage: 'data:image/svg+xml,<svg onload=alert(1)>' } },
      'personalDetails.profileImage',
      'must be an image address',
    ],
    [
      withTiles([{ title: 'T', link: 'javascript:alert(1)' }]),
      'section.sectionTiles.0.link',
      LINK_RULE,
    ],
    [
      withTiles([{ title: 'T', link: ' JavaScript:alert(1)' }]),
      'section.sectionTiles.0.link',
      'must be a web address',
    ],
    [
      withTiles([{ title: 'T', link: 'java\tscript:alert(1)' }]),
      'section.sectionTiles.0.link',
      'must be a web address',
    ],
    [
      withTiles([{ title: 'T', link: '//evil.example/x' }]),
      'section.sectionTiles.0.link',
      'must be a web address',
    ],
    [withTiles([{ title: 'T', icon: 'skull' }]), 'section.sectionTiles.0.icon', 'must be one of'],
    [withTiles([]), 'section.sectionTiles', 'must have at least 1 tile'],
    [
      withTiles(Array.from({ length: 25 }, () => ({ title: 'T' }))),
      'section.sectionTiles',
      'must have at most 24 tiles',
    ],
    [
      { ...minimal, contactDetails: { email: 'not an email' } },
      'contactDetails.email',
      'must be an email address',
    ],
    [
      { ...minimal, contactDetails: { tel: '<script>' } },
      'contactDetails.tel',
      'may contain only digits',
    ],
    [
      {
        ...minimal,
        contactDetails: {
          socialLinks: [{ url: 'https://x.com/a', label: 'X', iconClass: 'myspace' }],
        },
      },
      'contactDetails.socialLinks.0.iconClass',
      'must be one of',
    ],
    [
      {
        ...minimal,
        contactDetails: {
          socialLinks: Array.from({ length: 13 }, () => ({
            url: '',
            label: '',
            iconClass: 'github',
          })),
        },
      },
      'contactDetails.socialLinks',
      'must have at most 12 links',
    ],
    [{ personalDetails: { name: 42 } }, 'personalDetails.name', 'must be text'],
    [{}, 'personalDetails', 'is required'],
  ])('refuses %j naming the field', (input, field, message) => {
    const result = parsePortfolio(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.field).toBe(field);
      expect(result.problem.message).toContain(`${field} ${message}`);
    }
  });

  it('refuses a document over 256 KiB', () => {
    const tile = { title: 't', desc: 'x'.repeat(2000) };
    const big = {
      ...minimal,
      section: { sectionTiles: Array.from({ length: 24 }, () => tile) },
      section2: { sectionTiles: Array.from({ length: 24 }, () => tile) },
      section3: { sectionTiles: Array.from({ length: 24 }, () => tile) },
      contactDetails: { address: 'y'.repeat(200) },
      personalDetails: { name: 'A', intro: 'z'.repeat(2000) },
    };
    const oversized = { ...big, padding: 'p'.repeat(LIMITS.documentBytes) };
    const result = parsePortfolio(oversized);
    expect(result).toMatchObject({ ok: false, problem: { field: 'data' } });
    // The largest document the limits allow still fits.
    expect(parsePortfolio(big).ok).toBe(true);
  });

  it('reads Font Awesome classes of earlier data as icon names', () => {
    const result = parsePortfolio({
      ...minimal,
      contactDetails: {
        socialLinks: [
          { url: 'https://github.com/a', label: 'GitHub', iconClass: 'fa-brands fa-github' },
          { url: 'mailto:a@example.com', label: 'Mail', iconClass: 'fa fa-envelope' },
        ],
      },
    });
    expect(
      result.ok && result.data.contactDetails.socialLinks.map((link) => link.iconClass),
    ).toEqual(['github', 'email']);
  });
});

describe('URL rules', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:a@example.com',
    'tel:+911234567890',
    '/templates/art/tile-01.svg',
    '',
  ])('allows the link %s', (url) => expect(isAllowedLink(url)).toBe(true));
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'mailto:',
    'ftp://example.com',
    'https://exa mple.com',
    'https://example.com/\u0000',
  ])('refuses the link %j', (url) => expect(isAllowedLink(url)).toBe(false));
  it.each([
    ['priyaraman.in/work', 'https://priyaraman.in/work'],
    ['www.behance.net/priya', 'https://www.behance.net/priya'],
    ['example.co.uk?ref=card', 'https://example.co.uk?ref=card'],
  ])('completes %s to https://', (typed, stored) => {
    const parsed = parsePortfolio({
      personalDetails: { name: 'A' },
      contactDetails: { socialLinks: [{ url: typed, label: 'Work', iconClass: 'website' }] },
    });
    expect(parsed.ok && parsed.data.contactDetails.socialLinks[0]!.url).toBe(stored);
  });
  it.each(['localhost:3000', 'me@example.com', 'just words', 'javascript:alert(1)', 'a.b c'])(
    'leaves %j as typed (the link rule decides)',
    (typed) => expect(completeLink(typed)).toBe(typed),
  );
  it('allows only http(s) and site paths for images', () => {
    expect(isAllowedImage('https://cdn.example.com/a.jpg')).toBe(true);
    expect(isAllowedImage('/templates/art/portrait-phantom.svg')).toBe(true);
    expect(isAllowedImage('mailto:a@example.com')).toBe(false);
    expect(isAllowedImage('data:image/png;base64,AAAA')).toBe(false);
  });
});

describe('the email check', () => {
  /** "a@" and a long run of dots: quadratic for the old pattern (22 s at this length). */
  const attack = `a@${'.'.repeat(128_000)}@`;

  it('stops at the length limit: the pattern never sees an over-long value', () => {
    const result = contactDetailsSchema.safeParse({ email: attack });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      `must be at most ${LIMITS.line} characters`,
    ]);
  });

  it('stops at the length limit for links too', () => {
    const url = `https://x.example/${'a'.repeat(5000)}`;
    const result = socialLinkSchema.safeParse({ url, label: 'X', iconClass: 'github' });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      `must be at most ${LIMITS.url} characters`,
    ]);
  });

  it.each(['name@example.com', 'a.b+c@mail.example.co.in', 'x@y.z'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });

  it.each(['name@example', 'a@b..c', 'a@.b', 'a b@c.d', 'a@b.c@', attack.slice(0, 200)])(
    'refuses %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );
});
