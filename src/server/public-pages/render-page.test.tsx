import { describe, expect, it } from 'vitest';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import { SAMPLE_DATA } from '../../shared/templates/registry.js';
import { uploadRef } from '../../shared/uploads.js';
import { renderPortfolioPage } from './render-page.js';

const hash = 'ab'.repeat(32);

function pageWithPortrait(mediaBase: string, profileImage: string): string {
  const data = structuredClone(SAMPLE_DATA.template2) as PortfolioData;
  data.personalDetails.profileImage = profileImage;
  return renderPortfolioPage({
    username: 'asha',
    templateId: 'template2',
    data,
    publicUrl: 'https://portfolio.example',
    mediaBase,
    stylesheets: [],
  });
}

describe('a public page with an uploaded portrait', () => {
  const ref = uploadRef({ hash, width: 2400, height: 1800 });

  it('names the 1200x630 link-preview crop, absolute, as the Open Graph and Twitter image', () => {
    const html = pageWithPortrait('/media', ref);
    const og = `https://portfolio.example/media/${hash}/og.jpg`;
    expect(html).toContain(`<meta property="og:image" content="${og}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`"image":"${og}"`);
    expect(html).not.toContain('upload:');
  });

  it('fetches the image from a CDN when one is configured', () => {
    const html = pageWithPortrait('https://cdn.example', ref);
    expect(html).toContain(`content="https://cdn.example/${hash}/og.jpg"`);
    // HTML attribute names are case-insensitive; React writes `srcSet`.
    expect(html).toMatch(new RegExp(`srcset="https://cdn\\.example/${hash}/320\\.avif`, 'i'));
  });

  it('keeps an image address as it is, with the small card', () => {
    const html = pageWithPortrait('/media', 'https://images.example/me.jpg');
    expect(html).toContain('<meta property="og:image" content="https://images.example/me.jpg">');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });
});
