import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/limits.js';
import { parsePortfolio, type PortfolioData, type Tile } from '../../domain/portfolio.js';
import { TileIcon } from '../common/Icon.js';
import { count, decodeEntities, parsed } from '../common/test-helpers.js';
import { pickTemplateFields } from '../pick-fields.js';
import { hyperspaceDefinition } from './definition.js';
import { HyperspaceTemplate } from './HyperspaceTemplate.js';
import { hyperspaceSample } from './sample.js';

const render = (data: PortfolioData) => renderToStaticMarkup(<HyperspaceTemplate data={data} />);

/** The markup of the element that opens with `opening` up to its matching closing tag. */
function element(html: string, opening: RegExp): string {
  const match = opening.exec(html);
  if (!match) throw new Error(`no element matches ${opening}`);
  const tag = /^<([a-z0-9]+)/.exec(match[0])?.[1] ?? '';
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
  tags.lastIndex = match.index;
  let depth = 0;
  for (let found = tags.exec(html); found; found = tags.exec(html)) {
    depth += found[1] ? -1 : 1;
    if (depth === 0) return html.slice(match.index, tags.lastIndex);
  }
  throw new Error(`unclosed element ${opening}`);
}

/** Every `<article ...>...</article>` inside `html`, in order. */
function articles(html: string): string[] {
  return html.match(/<article\b[\s\S]*?<\/article>/g) ?? [];
}

const textOf = (html: string) => decodeEntities(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');

/** No empty heading, paragraph, list item, link text, href or image source. */
function expectNothingEmpty(html: string) {
  expect(html).not.toMatch(/<(h[1-6]|p|li|a|ul|span)\b[^>]*>\s*<\/\1>/);
  expect(html).not.toMatch(/\s(href|src|alt|aria-label)=""/);
}

const withContact = (changes: Partial<PortfolioData['contactDetails']>): PortfolioData => ({
  ...hyperspaceSample,
  contactDetails: { ...hyperspaceSample.contactDetails, ...changes },
});

describe('Hyperspace sample data', () => {
  it('passes the portfolio schema and keeps only the fields the template shows', () => {
    const result = parsePortfolio(hyperspaceSample);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(pickTemplateFields(hyperspaceDefinition, hyperspaceSample)).toEqual(hyperspaceSample);
  });

  it('has 3 highlight tiles, 6 project tiles, a believable person and 4 to 6 social links', () => {
    expect(hyperspaceSample.section?.sectionTiles).toHaveLength(3);
    expect(hyperspaceSample.section2?.sectionTiles).toHaveLength(6);
    expect(hyperspaceSample.section3).toBeUndefined();
    const { personalDetails, contactDetails } = hyperspaceSample;
    expect(personalDetails.name).not.toMatch(/sample|placeholder|lorem/i);
    expect(personalDetails.profileImage).toBe('/templates/art/portrait-hyperspace.svg');
    expect(contactDetails.email).toMatch(/@example\.com$/);
    expect(contactDetails.tel).not.toBe('');
    expect(contactDetails.address).not.toBe('');
    expect(contactDetails.socialLinks.length).toBeGreaterThanOrEqual(4);
    expect(contactDetails.socialLinks.length).toBeLessThanOrEqual(6);
    for (const link of contactDetails.socialLinks) expect(link.url).toMatch(/^https:\/\//);
    for (const tile of hyperspaceSample.section?.sectionTiles ?? []) {
      expect(tile.img).toMatch(/^\/templates\/art\/tile-\d\d\.svg$/);
      expect(tile.link).toMatch(/^https:\/\/example\.com\//);
    }
    expect(JSON.stringify(hyperspaceSample)).not.toMatch(/lorem|placeholder|TODO/i);
  });
});

describe('HyperspaceTemplate with the sample data', () => {
  const html = render(hyperspaceSample);
  const text = textOf(html);

  it('renders one root, the scroll targets and one h1 with the name', () => {
    // React may hoist a preload hint for the (eager) portrait in front of the root.
    expect(html).toMatch(/^(<link rel="preload"[^>]*>)*<div class="tpl-hyperspace">/);
    for (const id of ['personalDetails', 'section', 'section2', 'contactDetails']) {
      expect(count(html, new RegExp(`\\sid="${id}"`))).toBe(1);
    }
    expect(count(html, /<h1\b/)).toBe(1);
    expect(html).toMatch(/<h1 id="hs-title" style="--tpl-longest-word:8">Kavya Sundaram<\/h1>/);
    expect(html).not.toContain('section3');
    expect(html).not.toContain('target=');
    expect(html).not.toContain('undefined');
    expectNothingEmpty(html);
  });

  it('has the sidebar of section links, none marked active in the static HTML', () => {
    const nav = element(html, /<nav\b[^>]*>/);
    expect(nav).toContain('aria-label="Page sections"');
    const links = [...nav.matchAll(/<a href="([^"]+)"( class="is-active")?>[\s\S]*?<\/a>/g)];
    expect(links.map((link) => [link[1], textOf(link[0]).trim()])).toEqual([
      ['#personalDetails', 'Welcome'],
      ['#section', 'Highlights'],
      ['#section2', 'What I do'],
      ['#contactDetails', 'Get in touch'],
    ]);
    expect(links.map((link) => Boolean(link[2]))).toEqual([false, false, false, false]);
  });

  it('shows the intro: portrait, headline, paragraphs and a Learn more button to #section', () => {
    const intro = element(html, /<section id="personalDetails"[^>]*>/);
    expect(intro).toContain('alt="Portrait of Kavya Sundaram"');
    expect(intro).toContain('src="/templates/art/portrait-hyperspace.svg"');
    expect(intro).toMatch(/<img[^>]*width="480"[^>]*height="480"/);
    expect(intro).not.toContain('loading="lazy"');
    expect(intro).toContain('Software engineer building fast, accessible web platforms');
    expect(count(intro, /<p class="hs-lead">/)).toBe(2);
    expect(intro).toMatch(/<a class="hs-button" href="#section">Learn more<\/a>/);
  });

  it('shows the highlights as spotlight rows with image, title, text and Learn more', () => {
    const section = element(html, /<section id="section"[^>]*>/);
    expect(section).toContain('aria-labelledby="hs-section-title"');
    expect(section).toMatch(/<h2 id="hs-section-title"[^>]*>Highlights<\/h2>/);
    expect(section).toContain('A few pieces of work I am especially proud of.');
    const rows = articles(section);
    expect(rows).toHaveLength(3);
    for (const [index, tile] of (hyperspaceSample.section?.sectionTiles ?? []).entries()) {
      const row = rows[index] ?? '';
      expect(row).toContain(`src="${tile.img}"`);
      expect(row).toContain(`alt="${tile.title}"`);
      expect(row).toMatch(/width="800" height="500" loading="lazy"/);
      expect(row).toContain(`<h3>${tile.title}</h3>`);
      expect(textOf(row)).toContain(tile.desc);
      expect(row).toContain(`href="${tile.link}" rel="noopener noreferrer"`);
      expect(textOf(row)).toContain(`Learn more about ${tile.title}`);
    }
  });

  it('shows the projects as a features grid with the sample’s six icons and Check it out links', () => {
    const section = element(html, /<section id="section2"[^>]*>/);
    expect(section).toMatch(/<h2 id="hs-section2-title"[^>]*>What I do<\/h2>/);
    expect(section).toContain(hyperspaceSample.section2?.sectionSubTitle);
    expect(textOf(section)).toContain(hyperspaceSample.section2?.sectionFooterText);
    const cells = articles(section);
    const tiles = hyperspaceSample.section2?.sectionTiles ?? [];
    expect(cells).toHaveLength(6);
    expect(count(section, /Check it out/)).toBe(tiles.filter((tile) => tile.link).length);
    for (const [index, tile] of tiles.entries()) {
      const cell = cells[index] ?? '';
      expect(cell).toContain(renderToStaticMarkup(<TileIcon name={tile.icon!} />));
      expect(cell).toContain(`<h3>${tile.title}</h3>`);
      expect(cell).not.toContain('<img');
      if (tile.link) {
        expect(cell).toContain(`href="${tile.link}" rel="noopener noreferrer"`);
        expect(textOf(cell)).toContain(`Check it out about ${tile.title}`);
      } else {
        expect(cell).not.toContain('Check it out');
        expect(cell).not.toMatch(/<a\b/);
      }
    }
    // The sample keeps the original's six icons in their order.
    expect(tiles.map((tile) => tile.icon)).toEqual([
      'code',
      'desktop',
      'terminal',
      'cube',
      'file-code',
      'bolt',
    ]);
  });

  it("shows each project's own icon, chosen in the editor, and none where No icon was chosen", () => {
    const data = structuredClone(hyperspaceSample);
    const tiles = data.section2!.sectionTiles;
    tiles[0]!.icon = 'camera';
    delete tiles[1]!.icon;
    const cells = articles(element(render(data), /<section id="section2"[^>]*>/));
    expect(cells[0]).toContain(renderToStaticMarkup(<TileIcon name={tiles[0]!.icon!} />));
    // No stand-in from a developer's set (a terminal read as "software" on a violinist's page).
    expect(cells[1]).not.toContain('hs-feature__icon');
    expect(element(render(data), /<section id="section2"[^>]*>/)).toContain('class="hs-features"');
    expect(hyperspaceDefinition.sections.section2?.tileFields).toContain('icon');

    // With no icon anywhere, the grid keeps no column for them.
    for (const tile of tiles) delete tile.icon;
    expect(element(render(data), /<section id="section2"[^>]*>/)).toContain(
      'class="hs-features hs-features--plain"',
    );
  });

  it('has the contact form and the contact list', () => {
    const contact = element(html, /<section id="contactDetails"[^>]*>/);
    expect(contact).toMatch(/<h2 id="hs-contact-title"[^>]*>Get in touch<\/h2>/);
    const form = element(contact, /<form\b[^>]*>/);
    // Sent through the server by default: a field for the visitor's address, none of the owner's.
    expect(form).toContain('data-contact="server"');
    expect(form).toMatch(/<input id="hs-field-email" type="email"[^>]*name="email"/);
    expect(contact).not.toContain('kavya.sundaram@example.com');
    const mailto = render(withContact({ formDelivery: 'mailto' }));
    expect(element(mailto, /<form\b[^>]*>/)).toContain('data-to="kavya.sundaram@example.com"');
    expect(mailto).toContain('href="mailto:kavya.sundaram@example.com"');
    for (const [name, label] of [
      ['name', 'Name'],
      ['subject', 'Subject'],
    ]) {
      expect(form).toContain(`<label for="hs-field-${name}">${label}</label>`);
      const input = new RegExp(`<input id="hs-field-${name}"[^>]*>`).exec(form)?.[0] ?? '';
      expect(input).toContain('type="text"');
      expect(input).toContain(`name="${name}"`);
    }
    expect(form).toContain('<label for="hs-field-message">Message</label>');
    expect(form).toMatch(/<textarea id="hs-field-message" name="message"/);
    expect(form).toMatch(/<button type="submit"[^>]*>Send Message<\/button>/);

    expect(text).toContain('Address 3rd Floor, 18 Cathedral Road, Gopalapuram, Chennai 600086');
    expect(contact).toContain('href="tel:+914455552273">+91 44 5555 2273</a>');

    const socials = element(contact, /<ul class="hs-icons"[^>]*>/);
    for (const link of hyperspaceSample.contactDetails.socialLinks) {
      expect(socials).toContain(
        `href="${link.url}" rel="noopener noreferrer" aria-label="${link.label}"`,
      );
    }
    expect(count(socials, /<svg\b/)).toBe(hyperspaceSample.contactDetails.socialLinks.length);
  });
});

describe('HyperspaceTemplate with partial data', () => {
  it('shows address, email and phone only when present', () => {
    const none = render(withContact({ address: '', email: '', tel: '' }));
    for (const heading of ['Address', 'Email', 'Phone']) {
      expect(none).not.toContain(`<h3>${heading}</h3>`);
    }
    expect(none).not.toContain('mailto:');
    expect(none).not.toContain('tel:');
    expect(none).toContain('data-contact="server"');

    const onlyPhone = render(withContact({ address: '', email: '' }));
    expect(onlyPhone).toContain('<h3>Phone</h3>');
    expect(onlyPhone).not.toContain('<h3>Address</h3>');
    expect(onlyPhone).not.toContain('<h3>Email</h3>');

    // The address is shown only with the mail-program form (through the server it stays off the page).
    const onlyEmail = render(withContact({ address: '', tel: '', formDelivery: 'mailto' }));
    expect(onlyEmail).toContain('<h3>Email</h3>');
    expect(render(withContact({ address: '', tel: '' }))).not.toContain('<h3>Email</h3>');
    expect(onlyEmail).not.toContain('<h3>Phone</h3>');
  });

  it('hides social links with an empty url and the contact list when nothing is left', () => {
    const html = render(
      withContact({
        socialLinks: [
          { url: '', label: 'GitHub', iconClass: 'github' },
          { url: 'https://www.behance.net/example', label: '', iconClass: 'behance' },
        ],
      }),
    );
    expect(html).not.toContain('aria-label="GitHub"');
    expect(html).toContain('href="https://www.behance.net/example"');
    expect(html).toContain('aria-label="Behance"');

    const bare = render(
      withContact({
        address: '',
        email: '',
        tel: '',
        socialLinks: [{ url: '', label: 'X', iconClass: 'twitter' }],
      }),
    );
    expect(bare).not.toContain('hs-contact-list');
    expect(bare).not.toContain('hs-icons');
    expect(bare).toContain('hs-split--single');
    expectNothingEmpty(bare);
  });

  it('renders tiles without link, image, title or text without dead parts', () => {
    const spotTiles: Tile[] = [
      { img: '', title: 'No image', desc: 'Text only.', link: 'https://example.com/a' },
      { img: '/templates/art/tile-04.svg', title: 'No link', desc: 'Still shown.', link: '' },
      { img: '/templates/art/tile-05.svg', title: '', desc: '', link: '' },
      { img: '', title: '', desc: '', link: '' },
    ];
    const data: PortfolioData = {
      ...hyperspaceSample,
      section: { ...hyperspaceSample.section!, sectionTiles: spotTiles },
      section2: {
        ...hyperspaceSample.section2!,
        sectionTiles: [
          { img: '', title: 'Linked', desc: 'One.', link: '/projects/linked' },
          { img: '', title: '', desc: 'Only a description.', link: '' },
          { img: '', title: '', desc: '', link: '' },
        ],
      },
    };
    const html = render(data);
    expectNothingEmpty(html);
    const rows = articles(element(html, /<section id="section"[^>]*>/));
    expect(rows).toHaveLength(3);
    // Without a picture the words take the row: no stand-in.
    expect(rows[0]).not.toContain('hs-spot__media');
    expect(rows[0]).not.toContain('<img');
    expect(rows[1]).not.toContain('Learn more');
    expect(rows[1]).not.toMatch(/<a\b/);
    expect(rows[2]).toContain('alt="Highlight 3"');
    expect(rows[2]).not.toContain('<h3');

    const cells = articles(element(html, /<section id="section2"[^>]*>/));
    expect(cells).toHaveLength(2);
    // A link on this site is not marked as external.
    expect(cells[0]).toMatch(/<a href="\/projects\/linked">Check it out/);
    expect(cells[1]).not.toContain('<h3');
    expect(cells[1]).not.toMatch(/<a\b/);
    // A tile without an icon shows none.
    expect(cells[1]).not.toContain('<svg');
  });

  it('falls back to the section label when a section has no title', () => {
    const data: PortfolioData = {
      ...hyperspaceSample,
      section: { ...hyperspaceSample.section!, sectionTitle: '', sectionSubTitle: '' },
    };
    const html = render(data);
    const section = element(html, /<section id="section"[^>]*>/);
    expect(section).toMatch(/^<section id="section"[^>]*aria-label="Highlights"/);
    expect(section).not.toContain('<h2');
    expect(section).not.toContain('<header');
    expect(html).toMatch(/<a href="#section"><span class="hs-nav__label">Highlights<\/span><\/a>/);
    expectNothingEmpty(html);
  });

  it("heads an untitled grid of what the person does with the editor's name for it", () => {
    const data: PortfolioData = {
      ...hyperspaceSample,
      section2: { ...hyperspaceSample.section2!, sectionTitle: '', sectionSubTitle: '' },
    };
    const html = render(data);
    const section = element(html, /<section id="section2"[^>]*>/);
    expect(section).toMatch(/^<section id="section2"[^>]*aria-labelledby="hs-section2-title"/);
    expect(section).toMatch(/<h2 id="hs-section2-title"[^>]*>What I do<\/h2>/);
    expectNothingEmpty(html);
  });

  it('splits multi-line paragraphs and renders user text as text', () => {
    const data: PortfolioData = {
      ...hyperspaceSample,
      personalDetails: {
        ...hyperspaceSample.personalDetails,
        intro: 'First line\nsecond line\n\n\n<script>alert(1)</script>',
      },
    };
    const intro = element(render(data), /<section id="personalDetails"[^>]*>/);
    expect(intro).toContain('<p class="hs-lead">First line\nsecond line</p>');
    expect(intro).toContain('<p class="hs-lead">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(intro).not.toContain('<script>');
  });
});

describe('HyperspaceTemplate with minimal and maximal data', () => {
  it('renders a name alone with empty sections, with no empty headings or links', () => {
    const html = render(
      parsed({
        personalDetails: { name: 'Asha Rao' },
        section: { sectionTiles: [{}] },
        section2: { sectionTiles: [{}] },
      }),
    );
    expectNothingEmpty(html);
    expect(html).toContain('<h1 id="hs-title" style="--tpl-longest-word:4">Asha Rao</h1>');
    expect(html).not.toContain('id="section"');
    expect(html).not.toContain('id="section2"');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<article');
    expect(html).not.toContain('hs-headline');
    expect(html).not.toContain('hs-contact-list');
    expect(html).toContain('<a class="hs-button" href="#contactDetails">Learn more</a>');
    expect(count(html, /<nav\b[\s\S]*?<\/nav>/)).toBe(1);
    const nav = element(html, /<nav\b[^>]*>/);
    expect(textOf(nav).trim()).toBe('Welcome Get in touch');
    expect(html).toContain('id="personalDetails"');
    expect(html).toContain('id="contactDetails"');
    expect(html).toMatch(/<form class="hs-form" data-contact="server"/);
  });

  // The sidebar narrows the name's column at 1280 px: the heading sizes itself by its longest
  // piece, a hyphenated name by the part after its hyphen, not by the whole.
  it('hands the name’s longest unbreakable piece to the heading', () => {
    const html = render(
      parsed({ personalDetails: { name: 'Venkataraman-Deshpande Srinivasaraghavan' } }),
    );
    expect(html).toContain(
      '<h1 id="hs-title" style="--tpl-longest-word:17">Venkataraman-Deshpande Srinivasaraghavan</h1>',
    );
  });

  it('renders without sections at all', () => {
    const data = parsed({ personalDetails: { name: 'Asha Rao' } });
    expect(() => render(data)).not.toThrow();
  });

  it('renders 24 tiles per section with every text at its length limit', () => {
    const word = 'Supercalifragilistic'.repeat(10);
    const line = (seed: string) => `${seed} ${word}`.slice(0, LIMITS.line);
    const paragraph = `${word} `.repeat(200).slice(0, LIMITS.paragraph);
    const url = `https://example.com/${'a'.repeat(200)}`;
    const tiles = (withImage: boolean) =>
      Array.from({ length: LIMITS.maxTiles }, (_, index) => ({
        img: withImage
          ? `/templates/art/tile-${String((index % 12) + 1).padStart(2, '0')}.svg`
          : '',
        title: line(`Tile ${index + 1}`),
        desc: paragraph,
        link: url,
      }));
    const maximal = {
      personalDetails: {
        name: 'N'.repeat(LIMITS.name),
        headline: line('Headline'),
        intro: paragraph,
        profileImage: '/templates/art/portrait-hyperspace.svg',
      },
      section: {
        sectionTitle: line('Section'),
        sectionSubTitle: line('Subtitle'),
        sectionTiles: tiles(true),
      },
      section2: {
        sectionTitle: line('Projects'),
        sectionSubTitle: line('Subtitle'),
        sectionFooterText: paragraph,
        sectionTiles: tiles(false),
      },
      contactDetails: {
        email: `${'m'.repeat(180)}@example.com`,
        tel: '+91 44 5555 2273 0000 0000 0000 0000',
        address: line('Address'),
        socialLinks: Array.from({ length: LIMITS.maxSocialLinks }, () => ({
          url,
          label: 'Website',
          iconClass: 'website',
        })),
      },
    };
    const html = render(parsed(maximal));
    expectNothingEmpty(html);
    expect(articles(element(html, /<section id="section"[^>]*>/))).toHaveLength(24);
    expect(articles(element(html, /<section id="section2"[^>]*>/))).toHaveLength(24);
    expect(count(html, /Check it out/)).toBe(24);
    expect(count(html, /aria-label="Website"/)).toBe(LIMITS.maxSocialLinks);
  });
});
