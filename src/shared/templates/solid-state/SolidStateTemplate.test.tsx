import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain/limits.js';
import { parsePortfolio, type PortfolioData, type Tile } from '../../domain/portfolio.js';
import { decodeEntities, nameOnly } from '../common/test-helpers.js';
import { count } from '../common/test-helpers.js';
import { solidStateDefinition } from './definition.js';
import { solidStateSample } from './sample.js';
import { SolidStateTemplate } from './SolidStateTemplate.js';

function render(data: PortfolioData): string {
  return renderToStaticMarkup(<SolidStateTemplate data={data} />);
}

/** The visible text of some markup, entities decoded and whitespace collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The markup of every element with the given class, in order (elements of one tag name). */
function blocks(html: string, tag: string, classPattern: string): string[] {
  const result: string[] = [];
  const open = new RegExp(`<${tag}[^>]*class="[^"]*${classPattern}[^"]*"[^>]*>`, 'g');
  for (const match of html.matchAll(open)) {
    let depth = 0;
    const tagRe = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tagRe.lastIndex = match.index;
    for (let next = tagRe.exec(html); next; next = tagRe.exec(html)) {
      depth += next[1] === '/' ? -1 : 1;
      if (depth === 0) {
        result.push(html.slice(match.index, tagRe.lastIndex));
        break;
      }
    }
  }
  return result;
}

function tile(n: number, overrides: Partial<Tile> = {}): Tile {
  return {
    img: `/templates/art/tile-0${(n % 9) + 1}.svg`,
    title: `Project ${n}`,
    desc: `What project ${n} was about.`,
    link: `https://example.com/projects/${n}`,
    ...overrides,
  };
}

function withSections(spotlights: Tile[], features: Tile[]): PortfolioData {
  return {
    ...solidStateSample,
    section: { ...solidStateSample.section!, sectionTiles: spotlights },
    section2: { ...solidStateSample.section2!, sectionTiles: features },
  };
}

const minimal = nameOnly('Ana', 'section', 'section2');

describe('Solid-State sample data', () => {
  it('passes the portfolio schema', () => {
    const parsed = parsePortfolio(solidStateSample);
    expect(parsed.ok).toBe(true);
  });

  it('is complete: 3 spotlights, 4 features, example.com addresses, 4-6 social links', () => {
    const { personalDetails, section, section2, contactDetails } = solidStateSample;
    expect(personalDetails.name).not.toBe('');
    expect(personalDetails.intro).not.toBe('');
    expect(personalDetails.profileImage).toBe('/templates/art/portrait-solid-state.svg');
    expect(section?.sectionTiles).toHaveLength(3);
    expect(section2?.sectionTiles).toHaveLength(4);
    for (const t of [...section!.sectionTiles, ...section2!.sectionTiles]) {
      expect(t.title).not.toBe('');
      expect(t.desc).not.toBe('');
      expect(t.img).toMatch(/^\/templates\/art\/tile-\d\d\.svg$/);
      expect(t.link).toMatch(/^https:\/\/example\.com\//);
    }
    expect(contactDetails.email).toMatch(/@example\.com$/);
    expect(contactDetails.socialLinks.length).toBeGreaterThanOrEqual(4);
    expect(contactDetails.socialLinks.length).toBeLessThanOrEqual(6);
    for (const link of contactDetails.socialLinks) expect(link.url).toMatch(/^https:\/\//);
    const text = JSON.stringify(solidStateSample).toLowerCase();
    expect(text).not.toContain('lorem');
    expect(text).not.toContain('placeholder');
  });

  it("shows the person's role under the name, and nothing in its place without one", () => {
    const role = 'Documentary photographer, Pune';
    const withRole = render({
      ...solidStateSample,
      personalDetails: { ...solidStateSample.personalDetails, headline: role },
    });
    expect(withRole).toMatch(
      new RegExp(`</h1><p class="ss-banner__headline">${role}</p><div class="ss-banner__intro">`),
    );
    const without = render({
      ...solidStateSample,
      personalDetails: { ...solidStateSample.personalDetails, headline: '' },
    });
    expect(without).not.toContain('ss-banner__headline');
  });

  it('renders only the fields its definition declares', () => {
    expect(Object.keys(solidStateDefinition.sections)).toEqual(['section', 'section2']);
    const html = render({
      ...solidStateSample,
      section: { ...solidStateSample.section!, sectionSubTitle: 'SUBTITLE-NOT-SHOWN' },
      section3: {
        ...solidStateSample.section2!,
        type: 'section3',
        sectionTitle: 'THIRD-NOT-SHOWN',
      },
    });
    expect(html).not.toContain('SUBTITLE-NOT-SHOWN');
    expect(html).not.toContain('THIRD-NOT-SHOWN');
  });
});

describe('SolidStateTemplate with the sample data', () => {
  const html = render(solidStateSample);
  const text = textOf(html);
  const { personalDetails, section, section2, contactDetails } = solidStateSample;

  it('has the root class and the editor scroll targets', () => {
    // React may put a preload link for the (eager) portrait before the root.
    expect(html.replace(/^<link [^>]*\/>/, '').startsWith('<div class="tpl-solid-state">')).toBe(
      true,
    );
    for (const id of ['personalDetails', 'section', 'section2', 'contactDetails']) {
      expect(count(html, new RegExp(`id="${id}"`))).toBe(1);
    }
    expect(html).toContain('href="#section"');
    expect(html).toContain('href="#section2"');
    expect(html).toContain('href="#contactDetails"');
  });

  it('greets with "Hi. This is {name}." in the only h1, with the intro and the portrait', () => {
    expect(count(html, /<h1\b/)).toBe(1);
    const h1 = blocks(html, 'h1', 'ss-banner__title')[0]!;
    expect(textOf(h1).replace(/ \./, '.')).toBe(`Hi. This is ${personalDetails.name}.`);
    expect(text).toContain('I am an architect in Pune');
    // The intro's blank line makes two paragraphs.
    const intro = blocks(html, 'div', 'ss-banner__intro')[0]!;
    expect(count(intro, /<p\b/)).toBe(2);
    expect(html).toContain(`alt="Portrait of ${personalDetails.name}"`);
    expect(html).toMatch(/<img src="\/templates\/art\/portrait-solid-state\.svg"[^>]*width="320"/);
    // The portrait is the first image on screen: not lazy.
    expect(html.match(/<img [^>]*>/)![0]).not.toContain('loading="lazy"');
  });

  it('shows the spotlights alternating odd and even, each with image, title, text and Learn More', () => {
    expect(text).toContain(section!.sectionTitle);
    const bands = blocks(html, 'div', 'ss-band spotlight ');
    expect(bands).toHaveLength(3);
    expect(bands.map((band) => /spotlight--(odd|even)/.exec(band)![1])).toEqual([
      'odd',
      'even',
      'odd',
    ]);
    section!.sectionTiles.forEach((t, index) => {
      const band = bands[index]!;
      expect(band).toContain('<article');
      expect(band).toContain(`src="${t.img}"`);
      expect(band).toContain(`alt="${t.title}"`);
      expect(band).toContain('loading="lazy"');
      expect(band).toMatch(new RegExp(`<h3[^>]*>${t.title}</h3>`));
      expect(textOf(band)).toContain(t.desc);
      expect(band).toContain(`href="${t.link}"`);
      expect(textOf(band)).toContain('Learn More');
      expect(band).toContain('rel="noopener noreferrer"');
    });
  });

  it('shows section2 with title, subtitle, a card grid with Check it out, and the footer text', () => {
    const features = blocks(html, 'section', 'ss-features')[0]!;
    expect(features).toContain('id="section2"');
    expect(features).toMatch(new RegExp(`<h2[^>]*>${section2!.sectionTitle}</h2>`));
    expect(textOf(features)).toContain(section2!.sectionSubTitle);
    expect(textOf(features)).toContain(section2!.sectionFooterText);
    const cards = blocks(html, 'article', 'feature');
    expect(cards).toHaveLength(4);
    section2!.sectionTiles.forEach((t, index) => {
      const card = cards[index]!;
      expect(card).toContain(`src="${t.img}"`);
      expect(card).toContain(`alt="${t.title}"`);
      expect(card).toMatch(new RegExp(`<h3[^>]*>${t.title}</h3>`));
      expect(textOf(card)).toContain(t.desc);
      expect(card).toContain(`href="${t.link}"`);
      expect(textOf(card)).toContain('Check it out');
    });
    // An even count: no card spans the row.
    expect(html).not.toContain('feature--wide');
  });

  it('has the Get in touch footer with the contact form, contact details and social links', () => {
    const footer = blocks(html, 'footer', 'ss-footer')[0]!;
    expect(footer).toContain('id="contactDetails"');
    expect(footer).toMatch(/<h2[^>]*>Get in touch<\/h2>/);
    // Sent through the server by default: the owner's address appears nowhere.
    expect(footer).toContain('data-contact="server"');
    expect(footer).not.toContain(contactDetails.email);
    expect(footer).toMatch(/<input id="ss-contact-email" type="email"[^>]*name="email"/);
    const mailto = blocks(
      render({
        ...solidStateSample,
        contactDetails: { ...contactDetails, formDelivery: 'mailto' },
      }),
      'footer',
      'ss-footer',
    )[0]!;
    expect(mailto).toContain(`data-to="${contactDetails.email}"`);
    expect(mailto).toContain(`href="mailto:${contactDetails.email}"`);
    for (const [name, label] of [
      ['name', 'Name'],
      ['subject', 'Subject'],
      ['message', 'Message'],
    ] as const) {
      const field = new RegExp(`<(input|textarea)[^>]*id="([^"]+)"[^>]*name="${name}"`).exec(
        footer,
      )!;
      expect(footer).toContain(`<label for="${field[2]}">${label}</label>`);
    }
    // The Subject field is a text input (the original's email type was a defect).
    const subject = /<input[^>]*name="subject"[^>]*>/.exec(footer)![0];
    expect(subject).toContain('type="text"');
    expect(footer).toMatch(/<textarea[^>]*name="message"/);
    expect(footer).toMatch(/<button type="submit"[^>]*>Send Message<\/button>/);
    expect(textOf(footer)).toContain(contactDetails.tel);
    expect(footer).toContain('href="tel:+912055550142"');
    expect(textOf(footer)).toContain(contactDetails.address);
    for (const link of contactDetails.socialLinks) {
      expect(footer).toContain(`href="${link.url}"`);
      expect(footer).toContain(`aria-label="${link.label}"`);
    }
    expect(count(footer, /<svg/)).toBeGreaterThanOrEqual(contactDetails.socialLinks.length);
  });

  it('follows the markup rules', () => {
    expect(html).not.toContain('target="_blank"');
    expect(html).not.toContain('src=""');
    expect(html).not.toMatch(/<h[1-3][^>]*>\s*<\/h[1-3]>/);
    expect(html).not.toMatch(/<a [^>]*href=""/);
    // Every section is labelled by its heading.
    for (const match of html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)) {
      expect(html).toContain(`id="${match[1]}"`);
    }
    // Every image has size attributes and alt text.
    for (const img of html.match(/<img [^>]*>/g)!) {
      expect(img).toMatch(/ alt="[^"]+"/);
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }
  });
});

describe('SolidStateTemplate rules', () => {
  it('gives the last card the full row when the feature count is odd', () => {
    const html = render(withSections([tile(1)], [tile(1), tile(2), tile(3)]));
    const cards = blocks(html, 'article', 'feature');
    expect(cards).toHaveLength(3);
    expect(cards.map((card) => card.includes('feature--wide'))).toEqual([false, false, true]);
    const one = blocks(render(withSections([tile(1)], [tile(1)])), 'article', 'feature');
    expect(one[0]).toContain('feature--wide');
    const even = render(withSections([tile(1)], [tile(1), tile(2)]));
    expect(even).not.toContain('feature--wide');
  });

  it('leaves out links, images and titles a tile does not have', () => {
    const html = render(
      withSections(
        [tile(1, { link: '' }), tile(2, { img: '' }), tile(3, { title: '' })],
        [tile(1, { link: '' }), tile(2, { img: '', desc: '' })],
      ),
    );
    const bands = blocks(html, 'div', 'ss-band spotlight ');
    expect(bands[0]).not.toContain('Learn More');
    expect(bands[0]).not.toContain('<a ');
    // A spotlight without a picture gives its words the whole row: no letter panel.
    expect(bands[1]).not.toContain('<img');
    expect(bands[1]).not.toContain('spotlight__image');
    expect(bands[1]).toContain('Learn More');
    expect(bands[2]).not.toMatch(/<h[23]/);
    expect(bands[2]).toContain('alt=""');
    const cards = blocks(html, 'article', 'feature');
    expect(cards[0]).not.toContain('Check it out');
    // A card without a picture is its words, led by its title: no stand-in letter (decision 0020).
    expect(cards[1]).toMatch(
      /^<article class="feature feature--text"><div class="feature__body"><h3/,
    );
    expect(cards[1]).not.toContain('<img');
    expect(cards[1]).toContain('Check it out');
    expect(html).toContain('<article class="spotlight__item spotlight__item--text">');
    expect(html).not.toContain('src=""');
  });

  it('draws no stand-in letter for a card without a picture, in any script', () => {
    const html = render(withSections([tile(1)], [tile(1, { img: '', title: 'क्षेत्र अध्ययन' })]));
    expect(html).not.toContain('placeholder');
    expect(html).toContain('<h3 class="feature__title">क्षेत्र अध्ययन</h3>');
  });

  it("draws a service's chosen icon beside its title, above its words without one", () => {
    const html = render(
      withSections(
        [tile(1)],
        [
          tile(1, { img: '', icon: 'camera' }),
          tile(2, { icon: 'heart' }),
          tile(3, { title: '', icon: 'leaf' }),
          tile(4),
        ],
      ),
    );
    const cards = blocks(html, 'article', 'feature');
    const iconOf = (card: string) => blocks(card, 'span', 'feature__icon')[0] ?? '';
    const glyph = (name: 'camera' | 'heart' | 'leaf') =>
      iconOf(render(withSections([], [tile(9, { icon: name })])));
    expect(iconOf(cards[0]!)).toBe(glyph('camera'));
    expect(iconOf(cards[0]!)).toContain('<svg');
    expect(cards[0]).toMatch(
      /<h3 class="feature__title feature__title--icon"><span class="feature__icon"/,
    );
    expect(cards[0]).toContain('<span class="feature__name">Project 1</span></h3>');
    expect(iconOf(cards[1]!)).toBe(glyph('heart'));
    expect(iconOf(cards[1]!)).not.toBe(glyph('camera'));
    expect(cards[2]).toMatch(/<div class="feature__body"><span class="feature__icon"/);
    expect(iconOf(cards[2]!)).toBe(glyph('leaf'));
    expect(cards[3]).not.toContain('feature__icon');
  });

  it('hides social links without a url and contact lines that are empty', () => {
    const html = render({
      ...solidStateSample,
      contactDetails: {
        type: 'contactDetails',
        email: '',
        tel: '',
        address: '',
        socialLinks: [
          { url: '', label: 'Hidden', iconClass: 'twitter' },
          { url: '  ', label: 'Blank', iconClass: 'facebook' },
          { url: 'https://github.com/example', label: '', iconClass: 'github' },
        ],
      },
    });
    const footer = blocks(html, 'footer', 'ss-footer')[0]!;
    expect(footer).not.toContain('Hidden');
    expect(footer).not.toContain('Blank');
    expect(footer).toContain('href="https://github.com/example"');
    expect(footer).toContain('aria-label="GitHub"');
    expect(footer).not.toContain('mailto:');
    expect(footer).not.toContain('tel:');
    expect(textOf(footer)).not.toContain('Email');
    expect(textOf(footer)).not.toContain('Phone');
    expect(textOf(footer)).not.toContain('Address');
    expect(footer).toContain('data-contact="server"');
  });

  it('renders minimal data (a name, one empty tile per section) without empty parts', () => {
    expect(parsePortfolio(minimal).ok).toBe(true);
    const html = render(minimal);
    expect(textOf(html)).toContain('Hi. This is Ana');
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/<h[1-6][^>]*>\s*<\/h[1-6]>/);
    expect(html).not.toMatch(/<p[^>]*>\s*<\/p>/);
    expect(html).not.toMatch(/<a [^>]*href=""/);
    expect(html).not.toContain('<article');
    expect(html).not.toContain('Learn More');
    expect(html).not.toContain('Check it out');
    expect(html).not.toContain('id="section"');
    expect(html).not.toContain('href="#section"');
    expect(html).not.toContain('class="ss-contact"');
    expect(html).toContain('ss-footer__split--solo');
    // The contact form is always there.
    expect(html).toContain('id="contactDetails"');
    expect(html).toContain('Send Message');
    // Without sections at all it renders too.
    const bare = render({
      personalDetails: minimal.personalDetails,
      contactDetails: minimal.contactDetails,
    });
    expect(bare).toContain('id="personalDetails"');
  });

  it('renders maximal data: 24 tiles per section, every text at its limit', () => {
    const long = (length: number) =>
      `${'w'.repeat(60)} https://example.com/${'path/'.repeat(20)} `.repeat(50).slice(0, length);
    const tiles = Array.from({ length: LIMITS.maxTiles }, (_, n) =>
      tile(n, {
        title: long(LIMITS.line),
        desc: `${long(LIMITS.paragraph / 2 - 1)}\n\n${long(LIMITS.paragraph / 2 - 1)}`,
        link: `https://example.com/${'p'.repeat(300)}`,
      }),
    );
    const data: PortfolioData = {
      personalDetails: {
        type: 'personalDetails',
        name: 'N'.repeat(LIMITS.name),
        headline: '',
        intro: long(LIMITS.paragraph),
        profileImage: '/templates/art/portrait-solid-state.svg',
      },
      section: {
        type: 'section',
        sectionTitle: long(LIMITS.line),
        sectionSubTitle: '',
        sectionFooterText: '',
        sectionTiles: tiles,
      },
      section2: {
        type: 'section2',
        sectionTitle: long(LIMITS.line),
        sectionSubTitle: long(LIMITS.line),
        sectionFooterText: long(LIMITS.paragraph),
        sectionTiles: tiles,
      },
      contactDetails: {
        type: 'contactDetails',
        email: `${'e'.repeat(180)}@example.com`,
        tel: '+91 20 5555 0142 0000 0000 0000 0000 000',
        address: long(LIMITS.line),
        socialLinks: Array.from({ length: LIMITS.maxSocialLinks }, (_, n) => ({
          url: `https://example.com/${n}`,
          label: long(LIMITS.line),
          iconClass: 'website' as const,
        })),
      },
    };
    expect(parsePortfolio(data).ok).toBe(true);
    const html = render(data);
    const bands = blocks(html, 'div', 'ss-band spotlight ');
    expect(bands).toHaveLength(24);
    expect(bands.filter((band) => band.includes('spotlight--odd'))).toHaveLength(12);
    expect(bands.filter((band) => band.includes('spotlight--even'))).toHaveLength(12);
    expect(count(html, /class="feature[ "]/)).toBe(24);
    expect(html).not.toContain('feature--wide');
    expect(count(html, /Learn More/)).toBe(24);
    expect(count(html, /Check it out/)).toBe(24);
  });
});
