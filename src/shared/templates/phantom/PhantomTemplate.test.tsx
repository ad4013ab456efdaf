import { tileCycle } from './look.js';
import { contrast, toHsl } from '../../appearance/colour.js';
import { initialsOf } from '../../text/graphemes.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parsePortfolio, type PortfolioData, type Tile } from '../../domain/portfolio.js';
import { LIMITS } from '../../domain/limits.js';
import { decodeEntities as decode, nameOnly } from '../common/test-helpers.js';
import { count } from '../common/test-helpers.js';
import { contrastRatio, luminance } from '../../../../test/contrast.js';
import { PhantomTemplate } from './PhantomTemplate.js';
import { phantomDefinition } from './definition.js';
import { phantomSample } from './sample.js';

const render = (data: PortfolioData) => renderToStaticMarkup(<PhantomTemplate data={data} />);

/** Every element with this tag, as [attributes, inner html] (no nesting of the same tag). */
function elements(html: string, tag: string): Array<{ attrs: string; inner: string }> {
  const found: Array<{ attrs: string; inner: string }> = [];
  const re = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g');
  for (const match of html.matchAll(re))
    found.push({ attrs: match[1] ?? '', inner: match[2] ?? '' });
  return found;
}

function nth<T>(list: readonly T[], index: number): T {
  const item = list[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const textOf = (inner: string) => decode(inner.replace(/<[^>]+>/g, '')).trim();

const minimal = () => nameOnly('Ada', 'section');

function maximal(): PortfolioData {
  const long = (length: number, word = 'Portfolio') =>
    `${'x'.repeat(120)} ${`${word} `.repeat(length)}`.slice(0, length);
  const paragraph = `${long(900)}\n\n${long(1098)}`.slice(0, LIMITS.paragraph);
  const tile = (index: number): Tile => ({
    img: `/templates/art/tile-${String((index % 12) + 1).padStart(2, '0')}.svg`,
    title: long(LIMITS.line, `Title${index}`),
    desc: paragraph,
    link: `https://example.com/${'very-long-path-'.repeat(20)}${index}`,
    icon: 'rocket',
  });
  return {
    personalDetails: {
      type: 'personalDetails',
      name: long(LIMITS.name, 'Name'),
      headline: long(LIMITS.line, 'Headline'),
      intro: paragraph,
      profileImage: '/templates/art/portrait-phantom.svg',
    },
    section: {
      type: 'section',
      sectionTitle: long(LIMITS.line, 'Section'),
      sectionSubTitle: long(LIMITS.line, 'Subtitle'),
      sectionFooterText: '',
      sectionTiles: Array.from({ length: LIMITS.maxTiles }, (_, index) => tile(index)),
    },
    contactDetails: {
      type: 'contactDetails',
      email: `${'a'.repeat(180)}@example.com`,
      tel: '+91 (0)484 555 0142 000',
      address: '',
      socialLinks: Array.from({ length: LIMITS.maxSocialLinks }, (_, index) => ({
        url: `https://github.com/${'handle'.repeat(30)}${index}`,
        label: long(LIMITS.line, 'Label'),
        iconClass: 'github' as const,
      })),
    },
  };
}

describe('phantom tile colours', () => {
  const css = readFileSync(path.resolve('src/shared/templates/phantom/phantom.css'), 'utf8');
  // Phantom's own six, the fallbacks of the tiles' colours when no accent is chosen.
  const tints = [...css.matchAll(/--tile: var\(--ph-tile-\d, #([0-9a-f]{6})\);/g)].map(
    (match) => match[1]!,
  );

  it('give white words on each tile colour at least 4.5:1', () => {
    expect(tints).toHaveLength(6);
    for (const tint of tints) {
      const [r = 0, g = 0, b = 0] = [0, 2, 4].map((at) => parseInt(tint.slice(at, at + 2), 16));
      const ratio = contrastRatio(luminance(255, 255, 255), luminance(r, g, b));
      expect(ratio, `#${tint}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lie around a photo, never over it: the picture shows in its own colours', () => {
    expect(css).not.toMatch(/\.phantom-tile-image::after/);
    expect(css).not.toMatch(/\.phantom-tile-image img[^{]*\{[^}]*(opacity|filter|mix-blend)/);
  });
});

describe('phantom sample data', () => {
  it('passes the portfolio schema', () => {
    const result = parsePortfolio(phantomSample);
    expect(result.ok).toBe(true);
  });

  it('has a believable person, twelve tiles and six social links', () => {
    const { personalDetails, section, contactDetails } = phantomSample;
    expect(personalDetails.name).not.toBe('');
    expect(personalDetails.headline).not.toBe('');
    expect(personalDetails.intro).not.toBe('');
    expect(personalDetails.profileImage).toBe('/templates/art/portrait-phantom.svg');
    expect(section?.sectionTiles).toHaveLength(12);
    // Each of the twelve pictures once, each beside the project it fits.
    const images = section!.sectionTiles.map((tile) => tile.img).sort();
    expect(images).toEqual(
      Array.from(
        { length: 12 },
        (_, index) => `/templates/art/tile-${String(index + 1).padStart(2, '0')}.svg`,
      ),
    );
    for (const tile of section!.sectionTiles) {
      expect(tile.title).not.toBe('');
      expect(tile.desc).not.toBe('');
      if (tile.link) expect(tile.link).toMatch(/^https:\/\/example\.com\/projects\//);
    }
    expect(section!.sectionTiles.some((tile) => tile.icon)).toBe(true);
    expect(contactDetails.email).toMatch(/@example\.com$/);
    expect(contactDetails.socialLinks).toHaveLength(6);
    for (const link of contactDetails.socialLinks) expect(link.url).toMatch(/^https:\/\//);
    expect(JSON.stringify(phantomSample)).not.toMatch(/lorem|ipsum|placeholder/i);
  });

  it('only uses the fields the definition declares', () => {
    expect(Object.keys(phantomDefinition.sections)).toEqual(['section']);
    expect(phantomSample.section2).toBeUndefined();
    expect(phantomSample.section3).toBeUndefined();
  });
});

describe('PhantomTemplate with the sample data', () => {
  const html = render(phantomSample);
  const text = decode(html);
  const { personalDetails: person, section, contactDetails: contact } = phantomSample;

  it('renders inside the scoped root with the editor ids', () => {
    // React hoists preload hints for eager images in front of the markup.
    expect(html.replace(/^(<link [^>]*\/>)*/, '').startsWith('<div class="tpl-phantom">')).toBe(
      true,
    );
    for (const id of ['personalDetails', 'section', 'contactDetails']) {
      expect(count(html, new RegExp(`id="${id}"`, 'g'))).toBe(1);
    }
    expect(html).not.toContain('id="section2"');
  });

  it('has a menu linking to each part', () => {
    for (const id of ['personalDetails', 'section', 'contactDetails']) {
      expect(html).toContain(`href="#${id}"`);
    }
    expect(html).toMatch(/<summary[^>]*>[\s\S]*?Menu[\s\S]*?<\/summary>/);
  });

  it("shows the person's initials as the logo, and the name, in the header", () => {
    const header = html.slice(0, html.indexOf('<main'));
    expect(header).toContain(
      `<span class="phantom-logo-symbol phantom-monogram" aria-hidden="true">${initialsOf(person.name)}</span>`,
    );
    expect(header).not.toContain('logo.svg');
    expect(decode(header)).toContain(person.name);
  });

  it('has one h1, the name, then the headline and the short first paragraph as the lead', () => {
    const h1s = elements(html, 'h1');
    expect(h1s).toHaveLength(1);
    expect(textOf(nth(h1s, 0).inner)).toBe(person.name);
    expect(html).toContain(`<p class="phantom-headline">${person.headline}</p>`);
    const [lead = '', ...rest] = person.intro.split('\n\n');
    expect(lead).toBe("Hello, I'm Nila: I design identities, interfaces and print.");
    const leads = elements(html, 'p').filter((p) => p.attrs.includes('phantom-lead'));
    expect(leads.map((p) => textOf(p.inner))).toEqual([lead]);
    expect(nth(leads, 0).attrs).toContain('class="phantom-lead"');
    // The next paragraphs read on in text type.
    const more = elements(html, 'p')
      .filter((p) => p.attrs.includes('phantom-intro-more'))
      .map((p) => textOf(p.inner));
    expect(more).toEqual(rest);
  });

  it('shows the portrait next to the intro with alt text', () => {
    expect(html).toContain('src="/templates/art/portrait-phantom.svg"');
    expect(text).toContain(`alt="Portrait of ${person.name}"`);
  });

  it('titles the work section with a heading and its subtitle', () => {
    expect(html).toMatch(/<section id="section" class="phantom-work" aria-labelledby="[^"]+">/);
    const h2 = elements(html, 'h2').map((h) => textOf(h.inner));
    expect(h2).toContain(section!.sectionTitle);
    expect(text).toContain(section!.sectionSubTitle);
  });

  it('renders every tile as an article cycling through six styles', () => {
    const articles = elements(html, 'article');
    expect(articles).toHaveLength(12);
    articles.forEach((article, index) => {
      const tile = nth(section!.sectionTiles, index);
      expect(article.attrs).toContain(`style${(index % 6) + 1}`);
      const h3 = elements(article.inner, 'h3');
      expect(h3).toHaveLength(1);
      expect(textOf(nth(h3, 0).inner)).toBe(tile.title);
      expect(decode(article.inner)).toContain(tile.desc);
      expect(article.inner).toContain(`src="${tile.img}"`);
      expect(decode(article.inner)).toContain(`alt="${tile.title}"`);
      expect(article.inner).toMatch(/width="800" height="500"/);
      const links = count(article.inner, /<a /g);
      if (tile.link) {
        expect(links).toBe(1);
        expect(article.inner).toContain(`href="${tile.link}"`);
        expect(article.inner).toContain('rel="noopener noreferrer"');
      } else {
        expect(links).toBe(0);
      }
      // Phantom's tiles carry no icon badge, whatever icon the data names.
      expect(article.inner).not.toContain('<svg');
    });
  });

  it('loads only the first images eagerly', () => {
    const lazy = count(html, /loading="lazy"/g);
    expect(lazy).toBe(12);
  });

  it('has the footer with email, phone, form and follow list', () => {
    const footer = html.slice(html.indexOf('<footer'));
    expect(footer).toMatch(/^<footer id="contactDetails"/);
    const h2 = elements(footer, 'h2').map((h) => textOf(h.inner));
    expect(h2).toEqual(['Get in touch', 'Follow']);
    // Sent through the server by default: the owner's address appears nowhere.
    expect(footer).not.toContain(contact.email);
    expect(footer).toContain('href="tel:+914845550142"');
    expect(footer).toContain('data-contact="server"');
    expect(footer).toMatch(/<input id="phantom-email"[^>]*type="email"[^>]*name="email"/);
    const mailto = render({
      ...phantomSample,
      contactDetails: { ...contact, formDelivery: 'mailto' },
    });
    expect(mailto).toContain(`href="mailto:${contact.email}"`);
    expect(mailto).toContain(`data-to="${contact.email}"`);
    for (const [name, placeholder] of [
      ['name', 'Name'],
      ['subject', 'Subject'],
      ['message', 'Message'],
    ]) {
      expect(footer).toContain(`name="${name}"`);
      expect(footer).toContain(`placeholder="${placeholder}"`);
      const field = footer.match(new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`))?.[0];
      const id = field?.match(/id="([^"]+)"/)?.[1];
      expect(id).toBeTruthy();
      expect(footer).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>${placeholder}</label>`));
    }
    expect(footer).toMatch(/<input [^>]*type="text"[^>]*name="subject"/);
    expect(footer).toMatch(/<button type="submit"[^>]*>Send<\/button>/);
    for (const link of contact.socialLinks) {
      expect(footer).toContain(`href="${link.url}"`);
      expect(footer).toContain(`>${link.label}</span>`);
    }
    expect(count(footer, /class="phantom-social-icon"/g)).toBe(contact.socialLinks.length);
    expect(footer).not.toContain('target=');
  });

  it('never uses target=_blank nor raw html', () => {
    expect(html).not.toContain('target="_blank"');
    expect(html).not.toContain('href=""');
    expect(html).not.toContain('src=""');
  });
});

describe('PhantomTemplate intro', () => {
  const introOf = (intro: string, headline = '') => {
    const data = minimal();
    data.personalDetails.intro = intro;
    data.personalDetails.headline = headline;
    const html = render(data);
    const leads = elements(html, 'p').filter((p) => p.attrs.includes('phantom-lead'));
    return {
      get lead() {
        return nth(leads, 0);
      },
      leads: leads.length,
      more: elements(html, 'p')
        .filter((p) => p.attrs.includes('phantom-intro-more'))
        .map((p) => textOf(p.inner)),
    };
  };

  it('never cuts a paragraph: a first paragraph of several sentences reads as one text', () => {
    const intro =
      'I am a documentary photographer based in Pune. For eleven years I have followed rivers, markets and the people who work along them, for magazines and NGOs.';
    const { leads, more } = introOf(intro);
    expect(leads).toBe(0);
    expect(more).toEqual([intro]);
    // A short first sentence does not make a lead either: it is part of its paragraph.
    const furniture =
      'I build furniture. Mostly chairs, some tables, and the odd bookshelf for friends who ask nicely, in oak, teak and sheesham saved from old houses in Jodhpur.';
    expect(introOf(furniture).leads).toBe(0);
  });

  it('makes a short first paragraph the lead, then the other paragraphs as text', () => {
    const { lead, more } = introOf(
      'I build furniture.\n\nMostly chairs, some tables, and the odd bookshelf.\n\nIn Jaipur.',
    );
    expect(lead.attrs).toContain('class="phantom-lead"');
    expect(textOf(lead.inner)).toBe('I build furniture.');
    expect(more).toEqual(['Mostly chairs, some tables, and the odd bookshelf.', 'In Jaipur.']);
    // A short intro of one paragraph is a lead on its own.
    expect(introOf('Photographer in Pune.').more).toEqual([]);
  });

  it('has one lead size; a first paragraph longer than a lead reads on as text', () => {
    const long =
      'I am a freelance product designer with over eight years of experience helping startups and established companies turn complicated workflows into simple, friendly interfaces';
    const asText = introOf(`${long}.\n\nI live in Pune.`);
    expect(asText.leads).toBe(0);
    expect(asText.more).toEqual([`${long}.`, 'I live in Pune.']);
    expect(introOf(`${long.slice(0, 100)}.`).lead.attrs).toContain('class="phantom-lead"');
  });

  it('measures a Hindi paragraph by its letters, and never sizes the lead by script', () => {
    // 161 UTF-16 units but 101 letters: a lead, at the one lead size.
    const hindi =
      'नमस्ते, मैं प्रिया शर्मा हूँ और दिल्ली में रहकर बच्चों की किताबों के लिए चित्र, नक्शे और आवरण बनाती हूँ, और कभी-कभी पुराने मंदिरों की दीवारों पर भी काम करती हूँ।';
    expect(introOf(hindi).lead.attrs.trim()).toBe('class="phantom-lead"');
    // Hindi sentences ended by the danda stay one paragraph.
    const { lead, more } = introOf('नमस्ते! मैं प्रिया शर्मा, एक चित्रकार हूँ।\n\nमैं दिल्ली में चित्र बनाती हूँ।');
    expect(textOf(lead.inner)).toBe('नमस्ते! मैं प्रिया शर्मा, एक चित्रकार हूँ।');
    expect(more).toEqual(['मैं दिल्ली में चित्र बनाती हूँ।']);
  });
});

describe('PhantomTemplate with photos and services in its one section', () => {
  const parse = (sectionTiles: Array<Partial<Tile>>, phrases?: Record<string, string>) => {
    const result = parsePortfolio({
      personalDetails: { name: 'Ada Park' },
      section: { sectionTitle: 'निबंध', sectionTiles },
      phrases,
    });
    if (!result.ok) throw new Error('invalid');
    return result.data;
  };
  const photo = (title: string) => ({ title, img: '/templates/art/tile-01.svg' });
  const service = (title: string) => ({ title, desc: 'On request.', icon: 'leaf' as const });

  it('draws the services after the photos, under the Services heading, as compact cards', () => {
    const html = render(
      parse([photo('Looms'), service('Portraits'), photo('Night shift'), service('Weddings')]),
    );
    expect(count(html, /class="phantom-tiles tpl-tile-grid"/g)).toBe(1);
    expect(count(html, /class="phantom-tiles phantom-services tpl-tile-grid"/g)).toBe(1);
    const order = ['Looms', 'Night shift', '>Services<', 'Portraits', 'Weddings'];
    const at = order.map((words) => html.indexOf(words));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(html).toContain('<h3 class="phantom-label phantom-services-title">Services</h3>');
    // A level under the heading; the colours cycle on from the photos'.
    expect(html).toMatch(/<article class="phantom-tile style3 phantom-service"[^>]*>/);
    expect(html).toMatch(/<h4 class="phantom-tile-title" id="phantom-tile-4">Weddings<\/h4>/);
  });

  it('takes the owner’s words for the heading', () => {
    const html = render(parse([photo('Looms'), service('Portraits')], { servicesHeading: 'सेवाएँ' }));
    expect(html).toContain('सेवाएँ</h3>');
    expect(html).not.toContain('>Services<');
  });

  it('keeps a section of only photos, or only services, as one grid without the heading', () => {
    for (const tiles of [
      [photo('Looms'), photo('Night shift')],
      [service('Portraits'), service('Weddings')],
    ]) {
      const html = render(parse(tiles));
      expect(html).not.toContain('phantom-services');
      expect(html).not.toContain('phantom-service');
      expect(count(html, /class="phantom-tiles tpl-tile-grid"/g)).toBe(1);
      expect(count(html, /<h4/g)).toBe(0);
    }
  });
});

describe('PhantomTemplate with optional data left out', () => {
  it('renders a name only without empty headings, links or images', () => {
    const html = render(minimal());
    expect(count(html, /<h1/g)).toBe(1);
    expect(textOf(nth(elements(html, 'h1'), 0).inner)).toBe('Ada');
    expect(html).not.toContain('<em');
    expect(html).not.toContain('<article');
    expect(html).not.toContain('Portrait of');
    expect(html).not.toContain('mailto:');
    expect(html).not.toContain('tel:');
    expect(html).not.toContain('Follow');
    expect(html).not.toContain('href=""');
    expect(html).not.toContain('src=""');
    for (const tag of ['h1', 'h2', 'h3', 'a', 'p', 'li', 'ul']) {
      for (const element of elements(html, tag)) expect(textOf(element.inner)).not.toBe('');
    }
    // The editor can still scroll to every part.
    for (const id of ['personalDetails', 'section', 'contactDetails']) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('Get in touch');
    expect(html).toContain('>Send</button>');
    // The menu links only to parts that show something.
    expect(html).not.toContain('href="#section"');
    expect(html).toContain('href="#contactDetails"');
  });

  it('hides links with an empty url and renders tiles without links as plain tiles', () => {
    const data = minimal();
    data.personalDetails.headline = 'Painter';
    data.section!.sectionTiles = [
      { img: '', title: 'No image', desc: 'Just words.', link: '' },
      { img: '/templates/art/tile-02.svg', title: '', desc: '', link: 'https://example.com/x' },
    ];
    data.contactDetails.socialLinks = [
      { url: '', label: 'Hidden network', iconClass: 'twitter' },
      { url: 'https://github.com/ada', label: '', iconClass: 'github' },
    ];
    const html = render(data);
    expect(html).not.toContain('Hidden network');
    expect(html).toContain('href="https://github.com/ada"');
    expect(html).toContain('<span class="phantom-social-label">GitHub</span>');
    const articles = elements(html, 'article');
    expect(articles).toHaveLength(2);
    // The tile without a photo follows the photo, among the services.
    expect(nth(articles, 1).inner).not.toContain('<a ');
    expect(nth(articles, 1).inner).not.toContain('<img');
    expect(nth(articles, 1).inner).toContain('phantom-tile-plate');
    // An untitled tile still gets a heading (never an empty one) and a named link.
    expect(textOf(nth(elements(nth(articles, 0).inner, 'h3'), 0).inner)).toBe('Project 1');
    expect(textOf(nth(elements(html, 'h1'), 0).inner)).toBe('Ada');
    expect(html).toContain('<p class="phantom-headline">Painter</p>');
    // No section title: the heading is there for screen readers only.
    expect(html).toMatch(/<h2 id="[^"]+" class="tpl-visually-hidden">Work<\/h2>/);
  });

  it('renders maximal data without throwing', () => {
    const data = maximal();
    expect(parsePortfolio(data).ok).toBe(true);
    const html = render(data);
    expect(count(html, /<article/g)).toBe(LIMITS.maxTiles);
    expect(count(html, /<h1/g)).toBe(1);
    // Its one long first sentence reads as text, not as a display line.
    expect(html).not.toContain('phantom-lead');
    expect(count(html, /class="phantom-social-icon"/g)).toBe(LIMITS.maxSocialLinks);
  });
});

describe("Phantom's tiles in a chosen accent", () => {
  it('cycle through six neighbours of the accent, each under white words at 4.5:1', () => {
    for (const accent of ['#117a5b', '#2148d8', '#b2471b', '#333a56', '#7639a3']) {
      const cycle = tileCycle(accent);
      expect(cycle[0]).toBe(accent);
      expect(new Set(cycle).size).toBe(6);
      for (const colour of cycle) expect(contrast('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps beside a warm accent to shades of it, never turning to olive (ochre)', () => {
    const cycle = tileCycle('#c0741f');
    const { h } = toHsl(cycle[0]!);
    for (const colour of cycle) {
      expect(contrast('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
      const hue = toHsl(colour).h;
      // Round the wheel from yellow at most 20 degrees, towards red: 36 degrees made olive.
      expect(hue, colour).toBeLessThanOrEqual(h + 5);
      expect(hue, colour).toBeGreaterThanOrEqual(h - 21);
      expect(toHsl(colour).s, colour).toBeGreaterThan(0.6);
    }
  });
});
