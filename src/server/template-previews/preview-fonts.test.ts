import { describe, expect, it } from 'vitest';
import { sampleFontPreloads } from './preview-fonts.js';

describe('the fonts a template preview preloads', () => {
  it("links each of its sample's files found in the built CSS, and names those not found", () => {
    const css = [
      '@font-face{src:url(/assets/source-sans-3-400-core-Bs5KDftz.woff2)}',
      '@font-face{src:url(/assets/source-sans-3-600-core-Bm1-qh4m.woff2)}',
      // Another weight of the same family, which Hyperspace's sample does not use.
      '@font-face{src:url(/assets/source-sans-3-300-core-Df_qvUVr.woff2)}',
    ].join('');
    const { links, missing } = sampleFontPreloads('template3', css);
    expect(links).toBe(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/source-sans-3-400-core-Bs5KDftz.woff2">' +
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/source-sans-3-600-core-Bm1-qh4m.woff2">',
    );
    expect(missing).toEqual(['source-sans-3-700-core']);
  });
});
