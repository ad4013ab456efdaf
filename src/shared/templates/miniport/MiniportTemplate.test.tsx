import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parsePortfolio, type PortfolioData } from '../../domain/portfolio.js';
import { LIMITS } from '../../domain/limits.js';
import { TileIcon } from '../common/Icon.js';
import { count, parsed } from '../common/test-helpers.js';
import { MiniportTemplate } from './MiniportTemplate.js';
import { miniportDefinition } from './definition.js';
import { miniportSample } from './sample.js';

const render = (data: PortfolioData) => renderToStaticMarkup(<MiniportTemplate data={data} />);

/** The text of an element with the given id, tags stripped. */
function textOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return '';
  const tag = html.lastIndexOf('<', start);
  const name = /^<(\w+)/.exec(html.slice(tag))?.[1] ?? 'div';
  const end = html.indexOf(`</${name}>`, start);
  return html.slice(tag, end).replace(/<[^>]+>/g, '');
}

function expectNoEmptyParts(html: string) {
  expect(html).not.toMatch(/<h[1-6][^>]*>\s*<\/h[1-6]>/);
  expect(html).not.toMatch(/<p[^>]*>\s*<\/p>/);
  expect(html).not.toMatch(/<a[^>]*>\s*<\/a>/);
  expect(html).not.toMatch(/href=""/);
  expect(html).not.toMatch(/src=""/);
  expect(html).not.toMatch(/<img(?![^>]*alt="[^"]+")[^>]*>/);
}

describe('Mini-port sample data', () => {
  it('passes the portfolio schema', () => {
    const result = parsePortfolio(miniportSample);
    expect(result.ok).toBe(true);
  });

  it('is a believable person with three services, six projects and example.com links', () => {
    expect(miniportSample.personalDetails.name).toBe('Ishani Basu');
    expect(miniportSample.section?.sectionTiles).toHaveLength(3);
    expect(miniportSample.section2?.sectionTiles).toHaveLength(6);
    expect(miniportSample.contactDetails.email).toMatch(/@example\.com$/);
    const links = [
      ...(miniportSample.section?.sectionTiles ?? []),
      ...(miniportSample.section2?.sectionTiles ?? []),
    ].map((tile) => tile.link);
    for (const link of links) expect(link).toMatch(/^https:\/\/example\.com\//);
    for (const tile of miniportSample.section2?.sectionTiles ?? []) {
      expect(tile.img).toMatch(/^\/templates\/art\/tile-\d{2}\.svg$/);
    }
    const socials = miniportSample.contactDetails.socialLinks;
    expect(socials.length).toBeGreaterThanOrEqual(4);
    expect(socials.length).toBeLessThanOrEqual(6);
    for (const link of socials) expect(link.url).toMatch(/^https:\/\//);
    expect(JSON.stringify(miniportSample)).not.toMatch(/lorem|placeholder/i);
  });
});

describe('MiniportTemplate with its sample data', () => {
  const html = render(miniportSample);

  it('renders into a scoped root with the editor scroll targets', () => {
    // React may hoist a preload hint for the portrait in front of the root.
    expect(html.replace(/^(<link [^>]*>)*/, '').startsWith('<div class="tpl-miniport">')).toBe(
      true,
    );
    for (const id of ['personalDetails', 'section', 'section2', 'contactDetails']) {
      expect(html).toContain(`id="${id}"`);
    }
  });

  it('has a top bar linking to every part, the first one marked active', () => {
    const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    const links = [...nav.matchAll(/<a href="#(\w+)" class="([^"]+)"[^>]*>([^<]+)<\/a>/g)];
    expect(links.map((link) => link[1])).toEqual([
      'personalDetails',
      'section',
      'section2',
      'contactDetails',
    ]);
    expect(links.map((link) => link[3])).toEqual([
      'Home',
      miniportDefinition.sections.section?.label,
      miniportDefinition.sections.section2?.label,
      'Contact',
    ]);
    expect(links[0]?.[2]).toContain('is-active');
    expect(count(nav, /is-active/g)).toBe(1);
    expect(nav).toContain('aria-current="true"');
  });

  it('introduces the person with one h1, the portrait and the intro paragraphs', () => {
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toMatch(/<h1[^>]*>Hi\. I’m <strong>Ishani Basu<\/strong>\.<\/h1>/);
    expect(html).toContain('alt="Portrait of Ishani Basu"');
    expect(html).toMatch(/<img src="\/templates\/art\/portrait-miniport\.svg"(?![^>]*loading)/);
    expect(html).toContain('I work in ink, gouache');
    expect(count(textOf(html, 'personalDetails'), /Kolkata/g)).toBe(1);
    expect(html).toContain('href="#section"');
  });

  it('shows the services as boxes led by the icons their owner picked, with Learn more buttons', () => {
    const services = html.slice(html.indexOf('id="section"'), html.indexOf('id="section2"'));
    expect(services).toContain('aria-labelledby="mp-services-title"');
    expect(services).toContain('Here&#x27;s what I do.');
    expect(services).toContain('Three ways I can help your story find its picture.');
    expect(count(services, /<article class="mp-box mp-service">/g)).toBe(3);
    expect(count(services, /class="mp-service__icon"/g)).toBe(3);
    // Each service shows its own icon, in order.
    let from = 0;
    for (const name of (miniportSample.section?.sectionTiles ?? []).map((tile) => tile.icon!)) {
      const icon = renderToStaticMarkup(<TileIcon name={name} />);
      const at = services.indexOf(icon, from);
      expect(at).toBeGreaterThan(-1);
      from = at + icon.length;
    }
    for (const tile of miniportSample.section?.sectionTiles ?? []) {
      expect(services).toContain(tile.title.replace(/'/g, '&#x27;'));
      expect(services).toContain(`href="${tile.link}" rel="noopener noreferrer"`);
    }
    expect(count(services, /Learn more<span class="tpl-visually-hidden"> about /g)).toBe(3);
    expect(services).toContain('Every project starts with a conversation');
    expect(services).toMatch(/<a class="mp-button mp-button--large" href="#section2">/);
  });

  it('shows the portfolio as a grid of image boxes with Learn more links', () => {
    const work = html.slice(html.indexOf('id="section2"'), html.indexOf('id="contactDetails"'));
    expect(work).toContain('Some things I made recently.');
    expect(work).toContain('A few favourite projects');
    expect(count(work, /<article class="mp-box mp-work">/g)).toBe(6);
    expect(count(work, /<img [^>]*loading="lazy"/g)).toBe(6);
    expect(count(work, /<img [^>]*width="800" height="500"/g)).toBe(6);
    expect(work).toContain('alt="Kolkata After Dark"');
    expect(count(work, /class="mp-more"/g)).toBe(6);
    expect(work).toContain('href="https://example.com/projects/kolkata-after-dark"');
    expect(work).toContain('Like what you see?');
    expect(work).toMatch(/href="#contactDetails">Get in touch with me<\/a>/);
  });

  it('ends with the contact band: details, form and social links', () => {
    const contact = html.slice(html.indexOf('id="contactDetails"'));
    expect(contact).toContain('28 Hindustan Park');
    expect(contact).not.toContain('ishani.basu@example.com');
    expect(contact).toContain('href="tel:+913355550142"');
    expect(contact).toMatch(/<form class="mp-form" data-contact="server"/);
    expect(contact).toMatch(/<input id="mp-form-email"[^>]*type="email"[^>]*name="email"/);
    const mailto = render({
      ...miniportSample,
      contactDetails: { ...miniportSample.contactDetails, formDelivery: 'mailto' },
    });
    expect(mailto).toContain('href="mailto:ishani.basu@example.com"');
    expect(mailto).toMatch(/<form class="mp-form" data-to="ishani\.basu@example\.com">/);
    for (const [name, type] of [
      ['name', 'input'],
      ['subject', 'input'],
      ['message', 'textarea'],
    ] as const) {
      const field = new RegExp(`<${type} id="(mp-form-${name})"[^>]*name="${name}"`).exec(contact);
      expect(field).not.toBeNull();
      expect(contact).toContain(`<label class="tpl-visually-hidden" for="${field?.[1]}">`);
    }
    expect(contact).toMatch(/<input id="mp-form-subject" type="text"[^>]*name="subject"/);
    expect(contact).toContain('>Send Message</button>');
    const socials = [
      ...contact.matchAll(/<a href="([^"]+)" rel="noopener noreferrer" title="([^"]+)"/g),
    ];
    expect(socials.map((link) => link[1])).toEqual(
      miniportSample.contactDetails.socialLinks.map((link) => link.url),
    );
    expect(count(contact, /<svg/g)).toBeGreaterThanOrEqual(socials.length);
    expect(html).not.toContain('target=');
  });

  it('leaves nothing empty behind', () => {
    expectNoEmptyParts(html);
  });
});

describe('MiniportTemplate with partial data', () => {
  it('hides contact details, social links and tile links that are empty', () => {
    const data = parsed({
      ...miniportSample,
      contactDetails: {
        email: '',
        tel: '',
        address: '',
        socialLinks: [
          { url: '', label: 'Empty', iconClass: 'github' },
          { url: 'https://github.com/someone', label: '', iconClass: 'github' },
        ],
      },
      section: {
        ...miniportSample.section,
        sectionFooterText: '',
        sectionTiles: [{ title: 'No link here', desc: 'Just words.', link: '' }],
      },
      section2: {
        ...miniportSample.section2,
        sectionTiles: [
          { title: 'No picture', desc: 'Still a tile.', link: '', img: '' },
          { title: 'A picture', desc: 'Beside it.', link: '', img: '/templates/art/tile-01.svg' },
        ],
      },
    });
    const html = render(data);
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('<dl');
    expect(html).not.toContain('Learn more');
    expect(html).toContain('mp-work__media--empty');
    // Beside a tile with a picture, its title's first letter stands in for the picture, not an
    // icon from a developer's set.
    expect(html).toContain(
      'mp-work__media--empty" aria-hidden="true"><span class="mp-work__placeholder">N</span></div>',
    );
    expect(html).toContain('No picture');
    expect(html).not.toContain('Every project starts');
    // A grid of words alone has no letters standing in for pictures.
    const wordsOnly = render(
      parsed({
        personalDetails: { name: 'Ravi' },
        section2: { sectionTiles: [{ title: 'No picture', desc: 'Words.' }] },
      }),
    );
    expect(wordsOnly).toContain('No picture');
    expect(wordsOnly).not.toContain('mp-work__media');
    expect(count(html, /data-network=/g)).toBe(1);
    expect(html).toContain('<span class="tpl-visually-hidden">GitHub</span>');
    expect(html).toContain('data-contact="server"');
    expectNoEmptyParts(html);
  });

  it('renders user text as text and splits paragraphs on blank lines', () => {
    const data = parsed({
      ...miniportSample,
      personalDetails: {
        name: '<script>alert(1)</script>',
        intro: 'First line\nsame paragraph\n\nSecond paragraph',
        profileImage: '',
      },
    });
    const html = render(data);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<p class="mp-intro__lead">First line\nsame paragraph</p>');
    expect(html).toContain('<p class="mp-intro__lead">Second paragraph</p>');
    expect(html).not.toContain('Portrait of');
  });
});

describe('MiniportTemplate with minimal data', () => {
  const data = parsed({
    personalDetails: { name: 'Ada Quill' },
    section: { sectionTiles: [{}] },
    section2: { sectionTiles: [{}] },
  });
  const html = render(data);

  it('renders the name, the form and nothing empty', () => {
    expect(html).toMatch(/<h1[^>]*>Hi\. I’m <strong>Ada Quill<\/strong>\.<\/h1>/);
    expect(count(html, /<h2/g)).toBe(1);
    expect(html).not.toContain('<article');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<dl');
    expect(html).not.toContain('mp-social');
    expect(html).toContain('name="message"');
    expectNoEmptyParts(html);
  });

  it('keeps the editor scroll targets but links only to parts with content', () => {
    expect(html).toContain('id="section"');
    expect(html).toContain('id="section2"');
    const nav = html.slice(html.indexOf('<nav'), html.indexOf('</nav>'));
    expect(nav).not.toContain('#section"');
    expect(nav).not.toContain('#section2"');
    expect(count(nav, /<a /g)).toBe(2);
  });

  it('copes without a name', () => {
    const html = render(parsed({ personalDetails: {} }));
    expect(html).toMatch(/<h1[^>]*>Welcome\.<\/h1>/);
    expectNoEmptyParts(html);
  });
});

describe('MiniportTemplate with maximal data', () => {
  const long = (length: number) =>
    Array.from({ length }, (_, index) => (index % 7 === 6 ? ' ' : 'w')).join('');
  const word = (length: number) => 'x'.repeat(length);
  const url = `https://example.com/${word(1900)}`;
  const tile = (index: number) => ({
    img: `/templates/art/tile-${String((index % 12) + 1).padStart(2, '0')}.svg`,
    title: word(LIMITS.line),
    desc: long(LIMITS.paragraph),
    link: url,
  });
  const section = {
    sectionTitle: word(LIMITS.line),
    sectionSubTitle: long(LIMITS.line),
    sectionFooterText: long(LIMITS.paragraph),
    sectionTiles: Array.from({ length: LIMITS.maxTiles }, (_, index) => tile(index)),
  };

  it('renders 24 tiles per section with texts at their limits', () => {
    const data = parsed({
      personalDetails: {
        name: word(LIMITS.name),
        intro: long(LIMITS.paragraph),
        profileImage: '/templates/art/portrait-miniport.svg',
      },
      section,
      section2: section,
      contactDetails: {
        email: `${word(180)}@example.com`,
        tel: '+44 (0) 20 7946 0000 1234 5678 90',
        address: long(LIMITS.line),
        socialLinks: Array.from({ length: LIMITS.maxSocialLinks }, (_, index) => ({
          url: `https://example.com/${index}/${word(300)}`,
          label: word(LIMITS.line),
          iconClass: 'website',
        })),
      },
    });
    const html = render(data);
    expect(count(html, /<article class="mp-box mp-service">/g)).toBe(LIMITS.maxTiles);
    expect(count(html, /<article class="mp-box mp-work">/g)).toBe(LIMITS.maxTiles);
    expect(count(html, /data-network="website"/g)).toBe(LIMITS.maxSocialLinks);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expectNoEmptyParts(html);
  });

  it('marks a long intro to be set flush left on narrow screens, a short one stays centred', () => {
    const withIntro = (intro: string) =>
      render({ ...miniportSample, personalDetails: { ...miniportSample.personalDetails, intro } });
    const long =
      'I photograph working rivers, night markets and the people who keep them running, for magazines and NGOs.';
    expect(withIntro(long)).toContain('class="mp-intro__lead mp-intro__lead--long"');
    expect(withIntro('Designer and illustrator in Pune.')).toContain('class="mp-intro__lead"');
  });
});

describe('MiniportTemplate headline', () => {
  it('shows the headline as one line between the name and the intro', () => {
    const html = render(
      parsed({ personalDetails: { name: 'Ravi', headline: 'Architect', intro: 'I build.' } }),
    );
    const title = html.indexOf('id="mp-intro-title"');
    const headline = html.indexOf('<p class="mp-intro__headline">Architect</p>');
    expect(title).toBeGreaterThan(0);
    expect(headline).toBeGreaterThan(title);
    expect(html.indexOf('I build.')).toBeGreaterThan(headline);
  });

  it('leaves it out when there is none', () => {
    const html = render(
      parsed({ personalDetails: { name: 'Ravi', headline: '  ', intro: 'I build.' } }),
    );
    expect(html).not.toContain('mp-intro__headline');
    expectNoEmptyParts(html);
  });
});

describe('MiniportTemplate portfolio of photos', () => {
  const HASH = 'ab'.repeat(32);
  const landscape = { title: 'Looms', desc: 'A photo essay.', img: `upload:${HASH}:1600x1067` };
  const portrait = { title: 'Lakshmi', desc: 'A portrait.', img: `upload:${HASH}:1200x1600#50,10` };
  const withWork = (tiles: object[]) =>
    parsed({ personalDetails: { name: 'Meenakshi' }, section2: { sectionTiles: tiles } });
  const classesOf = (html: string) =>
    [...html.matchAll(/<article class="(mp-box mp-work[^"]*)"/g)].map((match) => match[1]);

  it('sets the photos two to a row in the wide container, an odd count led by one across', () => {
    const html = render(withWork([landscape, landscape, landscape]));
    expect(html).toContain('mp-container mp-container--wide');
    expect(html).toContain('class="mp-grid mp-grid--photos"');
    expect(classesOf(html)).toEqual([
      'mp-box mp-work mp-work--lead',
      'mp-box mp-work',
      'mp-box mp-work',
    ]);
    expect(html).toContain('sizes="(max-width: 736px) 100vw, 50vw"');
  });

  it('frames a portrait square, and the photo sharing its row, around its focal point', () => {
    const html = render(withWork([landscape, landscape, portrait, landscape]));
    expect(classesOf(html)).toEqual([
      'mp-box mp-work',
      'mp-box mp-work',
      'mp-box mp-work mp-work--portrait mp-work--square',
      'mp-box mp-work mp-work--square',
    ]);
    expect(html).toContain('object-position:50% 10%');
  });

  it('keeps a portfolio of words alone three to a row', () => {
    const html = render(withWork([{ title: 'Looms', desc: 'An essay.' }]));
    expect(html).not.toContain('mp-grid--photos');
    expect(html).toContain('class="mp-grid tpl-tile-grid"');
  });
});
