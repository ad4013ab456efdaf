import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../../domain/portfolio.js';
import { TEMPLATE_IDS } from '../catalog.js';
import { TEMPLATE_COMPONENTS } from '../components.js';
import { SAMPLE_DATA } from '../registry.js';
import { MediaBaseProvider, TemplateImage, type TemplateImageProps } from './TemplateImage.js';

const hash = 'c0'.repeat(32);
const tileHash = 'd1'.repeat(32);

const base: TemplateImageProps = {
  src: `upload:${hash}:1200x900`,
  alt: 'Portrait of Asha',
  width: 480,
  height: 480,
  sizes: '(max-width: 736px) 208px, 33vw',
  load: 'lazy',
};
const render = (props: Partial<TemplateImageProps> = {}) =>
  renderToStaticMarkup(<TemplateImage {...base} {...props} />);

/** The value of one attribute of the first element named `tag` (names as HTML reads them). */
function attr(html: string, tag: string, name: string): string | undefined {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(element)?.[1];
}

describe('TemplateImage', () => {
  it('renders an upload as a picture: AVIF, WebP, then a JPEG img, at the widths that exist', () => {
    const html = render();
    expect(html).toMatch(/^<picture style="display:contents"><source type="image\/avif"/);
    const sources = [
      ...html.matchAll(/<source type="([^"]+)" srcset="([^"]+)" sizes="([^"]+)"\/>/gi),
    ];
    expect(sources.map((source) => source[1])).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]![2]).toBe(
      `/media/${hash}/320.avif 320w, /media/${hash}/640.avif 640w, /media/${hash}/1024.avif 1024w, /media/${hash}/1200.avif 1200w`,
    );
    expect(sources[1]![2]).toContain(`/media/${hash}/1200.webp 1200w`);
    expect(sources[0]![3]).toBe(base.sizes);
    // Never wider than the 1200 px original: no 1600 variant is asked for.
    expect(html).not.toContain('1600');
    expect(attr(html, 'img', 'src')).toBe(`/media/${hash}/1024.jpg`);
    expect(attr(html, 'img', 'srcSet')).toBe(
      `/media/${hash}/320.jpg 320w, /media/${hash}/640.jpg 640w, /media/${hash}/1024.jpg 1024w, /media/${hash}/1200.jpg 1200w`,
    );
    expect(attr(html, 'img', 'sizes')).toBe(base.sizes);
    expect(attr(html, 'img', 'width')).toBe('480');
    expect(attr(html, 'img', 'height')).toBe('480');
    expect(attr(html, 'img', 'alt')).toBe('Portrait of Asha');
    expect(attr(html, 'img', 'decoding')).toBe('async');
  });

  it('loads lazily, eagerly, or eagerly with high priority', () => {
    expect(attr(render({ load: 'lazy' }), 'img', 'loading')).toBe('lazy');
    expect(attr(render({ load: 'lazy' }), 'img', 'fetchpriority')).toBeUndefined();
    expect(attr(render({ load: 'eager' }), 'img', 'loading')).toBe('eager');
    expect(attr(render({ load: 'eager' }), 'img', 'fetchpriority')).toBeUndefined();
    expect(attr(render({ load: 'priority' }), 'img', 'loading')).toBe('eager');
    expect(attr(render({ load: 'priority' }), 'img', 'fetchpriority')).toBe('high');
  });

  it('lists only the widths a small original has', () => {
    const html = render({ src: `upload:${hash}:500x400` });
    expect(attr(html, 'img', 'srcSet')).toBe(
      `/media/${hash}/320.jpg 320w, /media/${hash}/500.jpg 500w`,
    );
    expect(attr(html, 'img', 'src')).toBe(`/media/${hash}/500.jpg`);
  });

  it('crops around the focal point', () => {
    expect(attr(render({ src: `upload:${hash}:1200x900#20,85` }), 'img', 'style')).toBe(
      'object-position:20% 85%',
    );
    expect(attr(render(), 'img', 'style')).toBeUndefined();
  });

  it('points at the media base the server provides (a CDN)', () => {
    const html = renderToStaticMarkup(
      <MediaBaseProvider value="https://media.example.com">
        <TemplateImage {...base} />
      </MediaBaseProvider>,
    );
    expect(attr(html, 'img', 'src')).toBe(`https://media.example.com/${hash}/1024.jpg`);
    expect(html).not.toContain('"/media/');
  });

  it('renders an address as the plain img it always was', () => {
    const html = render({ src: 'https://example.com/me.jpg', load: 'priority', decoding: 'async' });
    // (React adds a preload link ahead of an eager plain image.)
    expect(html.slice(html.indexOf('<img'))).toBe(
      '<img src="https://example.com/me.jpg" alt="Portrait of Asha" width="480" height="480" decoding="async"/>',
    );
    expect(render({ src: '/templates/art/tile-01.svg', className: 'x' })).toBe(
      '<img class="x" src="/templates/art/tile-01.svg" alt="Portrait of Asha" width="480" height="480" loading="lazy"/>',
    );
  });
});

/** A template's sample with every image replaced by an upload. */
function withUploads(data: PortfolioData): PortfolioData {
  const next: PortfolioData = {
    ...data,
    personalDetails: { ...data.personalDetails, profileImage: `upload:${hash}:1600x1600#50,30` },
  };
  for (const key of ['section', 'section2'] as const) {
    const section = data[key];
    if (section)
      next[key] = {
        ...section,
        sectionTiles: section.sectionTiles.map((tile) => ({
          ...tile,
          img: `upload:${tileHash}:2400x1500`,
        })),
      };
  }
  return next;
}

describe.each(TEMPLATE_IDS)('%s with uploaded images', (id) => {
  const Template = TEMPLATE_COMPONENTS[id];
  const html = renderToStaticMarkup(<Template data={withUploads(SAMPLE_DATA[id])} />);
  const images = [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]);
  const uploaded = images.filter((img) => img.includes('/media/'));

  it('renders every uploaded image as a picture with a JPEG srcset, sizes and a box', () => {
    expect(uploaded.length).toBeGreaterThan(1);
    expect(html.match(/<picture /g)?.length).toBe(uploaded.length);
    expect(html.match(/<source type="image\/avif"/g)?.length).toBe(uploaded.length);
    for (const img of uploaded) {
      expect(img).toMatch(/ srcset="[^"]+\.jpg 320w, [^"]+ 1600w"/i);
      expect(img).toMatch(/ sizes="[^"]+"/);
      expect(img).toMatch(/ width="\d+" height="\d+"/);
      expect(img).toContain('decoding="async"');
    }
  });

  it('fetches the portrait first and everything else lazily or eagerly', () => {
    const high = uploaded.filter((img) => /fetchpriority="high"/i.test(img));
    expect(high).toHaveLength(1);
    expect(high[0]).toContain(`/media/${hash}/`);
    expect(high[0]).toContain('loading="eager"');
    expect(high[0]).toContain('object-position:50% 30%');
    for (const img of uploaded.filter((img) => img.includes(tileHash)))
      expect(img).toMatch(/loading="(lazy|eager)"/);
  });
});
