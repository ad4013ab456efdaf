import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TILE_ICONS } from '../../domain/icons.js';
import { LIMITS } from '../../domain/limits.js';
import { parsePortfolio, type PortfolioData } from '../../domain/portfolio.js';
import { count, parsed } from '../common/test-helpers.js';
import { DirectiveTemplate } from './DirectiveTemplate.js';
import { directiveDefinition } from './definition.js';
import { directiveSample } from './sample.js';

function render(data: PortfolioData): string {
  return renderToStaticMarkup(<DirectiveTemplate data={data} />);
}

/** Tags that render their text content, with the text; used to find empty ones. */
function emptyElements(html: string): string[] {
  return html.match(/<(h1|h2|h3|p|a|li|button|label)\b[^>]*>\s*<\/\1>/g) ?? [];
}

const sample = directiveSample;
const sampleSection = sample.section!;

describe('Directive sample data', () => {
  it('passes the portfolio schema', () => {
    const result = parsePortfolio(sample);
    expect(result.ok).toBe(true);
  });

  it('is realistic: four tiles with icons and images, example.com links, 4-6 social links', () => {
    expect(sampleSection.sectionTiles).toHaveLength(4);
    for (const tile of sampleSection.sectionTiles) {
      expect(TILE_ICONS).toContain(tile.icon);
      expect(tile.img).toMatch(/^\/templates\/art\/tile-\d{2}\.svg$/);
      expect(tile.link).toMatch(/^https:\/\/example\.com\//);
      expect(tile.title).not.toBe('');
      expect(tile.desc).not.toBe('');
    }
    expect(sample.personalDetails.profileImage).toBe('/templates/art/portrait-directive.svg');
    expect(sample.contactDetails.email).toMatch(/@example\.com$/);
    const socials = sample.contactDetails.socialLinks;
    expect(socials.length).toBeGreaterThanOrEqual(4);
    expect(socials.length).toBeLessThanOrEqual(6);
    for (const link of socials) expect(link.url).toMatch(/^https:\/\/(www\.)?[a-z]+\.(com|net)\//);
    expect(JSON.stringify(sample)).not.toMatch(/lorem|ipsum|placeholder/i);
  });

  it('only uses fields the definition declares', () => {
    expect(Object.keys(directiveDefinition.sections)).toEqual(['section']);
  });
});

describe('DirectiveTemplate with the sample data', () => {
  const html = render(sample);

  it('renders the root class and the editor scroll targets', () => {
    expect(html).toMatch(/^(<link [^>]*>)*<div class="tpl-directive">/);
    expect(html).toContain('id="personalDetails"');
    expect(html).toContain('id="section"');
    expect(html).toContain('id="contactDetails"');
  });

  it('shows the header: green logo with the portrait, one h1 name, headline and intro', () => {
    expect(count(html, '<h1')).toBe(1);
    // Sized by its longest word (common/longest-word.ts).
    expect(html).toContain(
      '<h1 class="dv-header__name" style="--tpl-longest-word:5">Kabir Gill</h1>',
    );
    expect(html).toContain(sample.personalDetails.headline);
    expect(html).toMatch(
      /<div class="dv-logo dv-logo--portrait"><img class="dv-logo__img" src="\/templates\/art\/portrait-directive.svg" alt="Portrait of Kabir Gill" width="160" height="160"\/>/,
    );
    // The portrait is the first visible image: not lazy.
    expect(html).not.toMatch(/dv-logo__img[^>]*loading/);
    // The intro's blank line makes two paragraphs.
    const intro = html.match(/<div class="dv-header__intro">(.*?)<\/div>/)?.[1] ?? '';
    expect(count(intro, '<p>')).toBe(2);
    expect(intro).toContain('I work closely with engineers');
  });

  it('shows the section title, subtitle, rows and footer text', () => {
    expect(html).toContain('<section id="section" class="dv-section"');
    expect(html).toContain('aria-labelledby="directive-section-title"');
    expect(html).toContain(`<h2 id="directive-section-title" class="dv-section__title">`);
    expect(html).toContain(sampleSection.sectionTitle);
    expect(html).toContain(`<p class="dv-section__subtitle">${sampleSection.sectionSubTitle}</p>`);
    expect(html).toContain('class="dv-section__footer"');
    expect(html).toContain('I am booking projects from January.');
  });

  it('renders each tile as an article: image alternating sides, white icon, title, desc, Learn more', () => {
    expect(count(html, '<article')).toBe(4);
    const sides = [...html.matchAll(/<article class="dv-feature dv-feature--(left|right)">/g)].map(
      (match) => match[1],
    );
    expect(sides).toEqual(['left', 'right', 'left', 'right']);
    // The badge heads the words, off the photo.
    expect(count(html, '<div class="dv-feature__body"><span class="dv-feature__icon"><svg')).toBe(
      4,
    );
    expect(count(html, 'Learn more')).toBe(4);
    for (const tile of sampleSection.sectionTiles) {
      expect(html).toContain(
        `<img class="dv-feature__img" src="${tile.img}" alt="${tile.title}" width="800" height="500" loading="lazy"/>`,
      );
      expect(html).toContain(`<h3 class="dv-feature__title">${tile.title}</h3>`);
      expect(html).toContain(
        `<a class="dv-button" href="${tile.link}" rel="noopener noreferrer">Learn more<span class="tpl-visually-hidden"> about ${tile.title}</span></a>`,
      );
    }
  });

  it('has the Get in touch footer with the contact form, contact lines and social icons', () => {
    expect(html).toContain('<footer id="contactDetails" class="dv-footer"');
    expect(html).toContain('>Get in touch</h2>');
    // Sent through the server by default: the owner's address appears nowhere.
    expect(html).toMatch(/<form class="dv-form" data-contact="server"/);
    expect(html).not.toContain('kabir.gill@example.com');
    expect(html).toMatch(/id="directive-contact-email"[^>]*type="email"[^>]*name="email"/);
    for (const name of ['name', 'subject', 'message']) {
      expect(html).toMatch(
        new RegExp(`<label class="tpl-visually-hidden" for="directive-contact-${name}">`),
      );
      expect(html).toMatch(new RegExp(`id="directive-contact-${name}"[^>]*name="${name}"`));
    }
    const subject = html.match(/<input id="directive-contact-subject"[^>]*>/)?.[0] ?? '';
    expect(subject).toContain('type="text"');
    expect(subject).toContain('placeholder="Subject"');
    expect(subject).toContain('name="subject"');
    expect(html).toContain('<textarea');
    expect(html).toMatch(/<button class="dv-button dv-button--light" type="submit">Send<\/button>/);
    const mailto = render({
      ...sample,
      contactDetails: { ...sample.contactDetails, formDelivery: 'mailto' },
    });
    expect(mailto).toMatch(/<form class="dv-form" data-to="kabir.gill@example.com"/);
    expect(mailto).toContain('href="mailto:kabir.gill@example.com"');
    expect(mailto).not.toContain('name="email"');
    expect(html).toContain('href="tel:+918055550167"');
    expect(html).toContain('+91 80 5555 0167');
    expect(html).toContain('Indiranagar, Bengaluru 560038');
    expect(count(html, 'class="dv-social__link"')).toBe(5);
    for (const link of sample.contactDetails.socialLinks) {
      expect(html).toContain(
        `<a class="dv-social__link" href="${link.url}" rel="noopener noreferrer" aria-label="${link.label}"`,
      );
    }
    expect(html).not.toContain('target="_blank"');
    expect(html).toContain('© Kabir Gill');
  });

  it('renders nothing empty', () => {
    expect(emptyElements(html)).toEqual([]);
    expect(html).not.toContain('src=""');
    expect(html).not.toContain('href=""');
  });
});

describe('DirectiveTemplate with partial data', () => {
  it('hides a tile link that is empty and social links without a url', () => {
    const data = parsed({
      ...sample,
      section: {
        ...sampleSection,
        sectionTiles: [{ ...sampleSection.sectionTiles[0], link: '' }],
      },
      contactDetails: {
        ...sample.contactDetails,
        socialLinks: [
          { url: '', label: 'Hidden', iconClass: 'twitter' },
          { url: 'https://github.com/kabirgill-example', label: '', iconClass: 'github' },
        ],
      },
    });
    const html = render(data);
    expect(html).not.toContain('Learn more');
    expect(count(html, 'class="dv-social__link"')).toBe(1);
    expect(html).not.toContain('Hidden');
    // A link without a label is named after its network.
    expect(html).toContain('aria-label="GitHub"');
  });

  it('gives a tile without an image its title in a quiet panel on its side, badge in the panel', () => {
    const data = parsed({
      personalDetails: { name: 'Ada Park' },
      section: {
        sectionTiles: [
          { title: 'Sketches', desc: 'Pencil on paper.', icon: 'pen', link: 'https://a.example' },
          { title: 'Murals', desc: 'Lime wash on walls.' },
        ],
      },
    });
    const html = render(data);
    // No empty picture frame, and the rows still alternate left and right.
    expect(html).not.toContain('dv-feature__media');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<article class="dv-feature dv-feature--left dv-feature--panel"><div class="dv-feature__panel"><span class="dv-feature__icon"><svg',
    );
    expect(html).toContain(
      '<h3 class="dv-feature__title">Sketches</h3></div><div class="dv-feature__body">',
    );
    expect(html).toContain(
      '<article class="dv-feature dv-feature--right dv-feature--panel"><div class="dv-feature__panel"><h3 class="dv-feature__title">Murals</h3>',
    );
    // The title is said once; the button still names it for screen readers.
    expect(count(html, 'Sketches')).toBe(2);
    expect(html).toContain('<span class="tpl-visually-hidden"> about Sketches</span>');
    expect(html).toMatch(/<div class="dv-logo"><svg class="dv-logo__icon"/);
  });

  it('gathers the tiles without a photo among photos in a compact row after them', () => {
    const data = parsed({
      personalDetails: { name: 'Ada Park' },
      section: {
        sectionTiles: [
          { img: '/templates/art/tile-01.svg', title: 'Murals', desc: 'Lime wash.', icon: 'pen' },
          { title: 'Sketches', desc: 'Pencil on paper.', icon: 'heart' },
          { img: '/templates/art/tile-02.svg', title: 'Tiles', desc: 'Glazed.' },
          { title: 'Prints', desc: 'Linocut.' },
        ],
      },
    });
    const html = render(data);
    expect(html).not.toContain('dv-feature__panel');
    expect(html).not.toContain('dv-feature--text');
    // The photos alternate among themselves: the second photo is on the right.
    expect(count(html, 'class="dv-feature dv-feature--')).toBe(2);
    expect(html).toContain(
      '<article class="dv-feature dv-feature--right"><div class="dv-feature__media"><img class="dv-feature__img" src="/templates/art/tile-02.svg"',
    );
    expect(html.indexOf('Tiles')).toBeLessThan(html.indexOf('Sketches'));
    // Each service: its badge (the paper plane without an icon of its own), then its words.
    expect(count(html, '<article class="dv-service">')).toBe(2);
    expect(html).toContain(
      '<article class="dv-service"><span class="dv-feature__icon" aria-hidden="true"><svg',
    );
    // Under a heading of their own, after the photos; their titles a level below it.
    expect(html).toContain(
      '</div><section class="dv-services-part" aria-labelledby="directive-services-title"><h3 id="directive-services-title" class="dv-services__title">Services</h3><div class="dv-services">',
    );
    expect(html).toContain(
      '<div class="dv-service__words"><h4 class="dv-feature__title">Sketches</h4>',
    );
    expect(html).toContain(
      '<div class="dv-service__words"><h4 class="dv-feature__title">Prints</h4>',
    );
    // The person's words for it, and none among photos alone or words alone.
    const own = render({ ...data, phrases: { servicesHeading: 'सेवाएँ' } });
    expect(own).toContain('class="dv-services__title" data-joined-script="">सेवाएँ</h3>');
    for (const sectionTiles of [
      data.section!.sectionTiles.filter((tile) => tile.img),
      data.section!.sectionTiles.filter((tile) => !tile.img),
    ]) {
      const alone = render({ ...data, section: { ...data.section!, sectionTiles } });
      expect(alone).not.toContain('dv-services__title');
    }
  });

  it('marks a title in Devanagari, and only such a title, to be set larger', () => {
    const data = parsed({
      personalDetails: { name: 'Ada Park' },
      section: {
        sectionTitle: 'मेरी तस्वीरें',
        sectionTiles: [
          { title: 'शादी', desc: 'Pencil on paper.' },
          { title: 'Murals', desc: 'Lime wash.' },
        ],
      },
    });
    const html = render(data);
    expect(html).toContain('class="dv-section__title" data-joined-script="">मेरी तस्वीरें</h2>');
    expect(html).toContain('class="dv-feature__title" data-joined-script="">शादी</h3>');
    expect(html).toContain('<h3 class="dv-feature__title">Murals</h3>');
  });

  it('lets a tile with only words, or only a title, stand as words alone', () => {
    const data = parsed({
      personalDetails: { name: 'Ada Park' },
      section: {
        sectionTiles: [{ desc: 'Pencil on paper.', icon: 'pen' }, { title: 'Just a title' }],
      },
    });
    const html = render(data);
    expect(count(html, 'class="dv-feature dv-feature--text"')).toBe(2);
    expect(html).toMatch(/<div class="dv-feature__body"><span class="dv-feature__icon"><svg/);
    expect(html).not.toContain('dv-feature__panel');
  });

  it('renders user text as text, never as markup', () => {
    const data = parsed({
      personalDetails: { name: '<script>alert(1)</script>', intro: '<b>bold</b>' },
    });
    const html = render(data);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
  });
});

describe('DirectiveTemplate with minimal data (a name only)', () => {
  const data = parsed({
    personalDetails: { name: 'Ada Park' },
    section: { sectionTiles: [{}] },
    section2: { sectionTiles: [{}] },
    section3: { sectionTiles: [{}] },
  });
  const html = render(data);

  it('renders without empty headings, links or images; the form sends through the server', () => {
    expect(html).toContain(
      '<h1 class="dv-header__name" style="--tpl-longest-word:4">Ada Park</h1>',
    );
    expect(count(html, '<h1')).toBe(1);
    expect(count(html, '<h2')).toBe(1);
    expect(html).not.toContain('<h3');
    expect(html).not.toContain('<article');
    expect(html).not.toContain('<img');
    expect(html).toContain('<form class="dv-form" data-contact="server"');
    expect(html).not.toContain('Learn more');
    expect(html).toContain('Get in touch');
    // With the mail program chosen and no address to write to, there is no form at all.
    const mailto = render({
      ...data,
      contactDetails: { ...data.contactDetails, formDelivery: 'mailto' },
    });
    expect(mailto).not.toContain('<form');
    expect(mailto).not.toContain('Get in touch');
    expect(html).not.toContain('dv-social');
    expect(html).not.toContain('dv-header__headline');
    expect(html).not.toContain('dv-header__intro');
    expect(emptyElements(html)).toEqual([]);
    expect(html).not.toContain('href=""');
  });

  it('keeps the editor scroll targets', () => {
    expect(html).toContain('id="personalDetails"');
    expect(html).toContain('id="section"');
    expect(html).toContain('id="contactDetails"');
  });

  it('does not throw without any section at all', () => {
    const html2 = render(parsed({ personalDetails: { name: '' } }));
    expect(html2).not.toContain('<h1');
    expect(emptyElements(html2)).toEqual([]);
  });
});

describe('DirectiveTemplate with maximal data', () => {
  const long = (length: number) =>
    `${'Supercalifragilistic'.repeat(Math.ceil(length / 40))} https://example.com/${'a'.repeat(length)}`.slice(
      0,
      length,
    );
  const paragraph = `${long(900)}\n\n${long(1098)}`;
  const data = parsed({
    personalDetails: {
      name: long(LIMITS.name),
      headline: long(LIMITS.line),
      intro: paragraph,
      profileImage: 'https://images.example.com/portrait.jpg',
    },
    section: {
      sectionTitle: long(LIMITS.line),
      sectionSubTitle: long(LIMITS.line),
      sectionFooterText: paragraph,
      sectionTiles: Array.from({ length: LIMITS.maxTiles }, (_, index) => ({
        img:
          index % 3 === 2
            ? ''
            : `/templates/art/tile-${String((index % 12) + 1).padStart(2, '0')}.svg`,
        title: long(LIMITS.line),
        desc: paragraph,
        link: `https://example.com/projects/${index}`,
        icon: TILE_ICONS[index % TILE_ICONS.length],
      })),
    },
    contactDetails: {
      email: `${'a'.repeat(180)}@example.com`,
      tel: '+1 (555) 010-0000 1234 5678 9012 34567',
      address: long(LIMITS.line),
      socialLinks: Array.from({ length: LIMITS.maxSocialLinks }, (_, index) => ({
        url: `https://example.com/profile/${index}`,
        label: `Profile ${index}`,
        iconClass: 'website',
      })),
    },
  });

  it('renders every tile and every link', () => {
    const html = render(data);
    expect(count(html, '<article')).toBe(LIMITS.maxTiles);
    expect(count(html, 'Learn more')).toBe(LIMITS.maxTiles);
    expect(count(html, 'class="dv-service"')).toBe(LIMITS.maxTiles / 3);
    expect(count(html, 'class="dv-social__link"')).toBe(LIMITS.maxSocialLinks);
    expect(emptyElements(html)).toEqual([]);
  });
});

describe('directive.css', () => {
  const css = readFileSync(new URL('./directive.css', import.meta.url), 'utf8').replace(
    /\/\*[\s\S]*?\*\//g,
    '',
  );

  it('scopes every rule under .tpl-directive', () => {
    const selectors = [...css.matchAll(/(^|[;{}])\s*([^;{}@]+?)\s*\{/g)]
      .map((match) => match[2]!.trim())
      .filter((selector) => !/^(from|to|\d+%)$/.test(selector));
    expect(selectors.length).toBeGreaterThan(20);
    for (const group of selectors) {
      for (const selector of group.split(',')) {
        const trimmed = selector.trim();
        expect(trimmed).toMatch(/^\.tpl-directive\b/);
      }
    }
  });

  it("imports only our own subsets of Source Sans 3 (and Noto Sans and Noto Serif, pairings it offers) and the templates' shared rules", () => {
    const imports = [...css.matchAll(/@import\s+'([^']+)'/g)].map((match) => match[1]);
    expect(imports).toEqual([
      '../fonts/source-sans-3-300.css',
      '../fonts/source-sans-3-400.css',
      '../fonts/source-sans-3-600.css',
      '../fonts/source-sans-3-700.css',
      '../fonts/noto-sans-300.css',
      '../fonts/noto-sans-400.css',
      '../fonts/noto-sans-600.css',
      '../fonts/noto-sans-700.css',
      '../fonts/noto-serif-300.css',
      '../fonts/noto-serif-400.css',
      '../fonts/noto-serif-300-italic.css',
      '../fonts/noto-serif-400-italic.css',
      '../fonts/noto-serif-700.css',
      '../fonts/indian-scripts-serif.css',
      '../common/every-template.css',
    ]);
  });

  it('draws the Directive look: backdrop, dotted overlay, chevrons, centre line, green footer', () => {
    expect(css).toContain("url('/templates/art/backdrop.svg')");
    expect(css).toMatch(/\.dv-header \{[^}]*radial-gradient/);
    expect(css).toMatch(/\.dv-header \{[^}]*clip-path: polygon/);
    expect(css).toMatch(/\.dv-footer \{[^}]*clip-path: polygon/);
    expect(css).toMatch(/\.dv-main::before \{[^}]*width: 1px/);
    expect(css).toContain('--dv-green: #4eb980');
    expect(css).toContain('--dv-plum: #544d55');
    expect(css).toContain('text-transform: uppercase');
    expect(css).toContain('min-height: 100vh');
  });

  it('keeps motion behind prefers-reduced-motion', () => {
    const outside = css.replace(
      /@media \(prefers-reduced-motion: no-preference\) \{[\s\S]*?\n\}/g,
      '',
    );
    expect(outside).not.toMatch(/transition|animation|scroll-behavior/);
  });
});
