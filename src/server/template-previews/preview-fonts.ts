import type { TemplateId } from '../../shared/templates/catalog.js';

/**
 * The font files each template's sample is drawn with on its preview, by the names
 * scripts/subset-fonts.mjs gives them (family, weight, style, subset). The first layout asks for
 * every one of them; e2e/choose.test.ts holds this list to what the browser fetches.
 */
const SAMPLE_FONT_FILES: Record<TemplateId, readonly string[]> = {
  template1: [
    'open-sans-300-core',
    'open-sans-300-rest',
    'open-sans-400-core',
    'open-sans-600-core',
    'source-sans-3-400-core',
    'source-sans-3-600-core',
  ],
  template2: [
    'source-sans-3-300-core',
    'source-sans-3-400-core',
    'source-sans-3-600-core',
    'source-sans-3-700-core',
  ],
  template3: ['source-sans-3-400-core', 'source-sans-3-600-core', 'source-sans-3-700-core'],
  template4: [
    'raleway-200-core',
    'raleway-700-core',
    'source-sans-3-300-core',
    'source-sans-3-600-core',
  ],
  template5: [
    'source-sans-3-300-core',
    'source-sans-3-300-italic-core',
    'source-sans-3-400-core',
    'source-sans-3-600-core',
    'source-sans-3-700-core',
    'source-sans-3-900-core',
  ],
};

/** A built font's address: the file's name, then the build's 8-character hash. */
const builtFontUrl = (file: string) => new RegExp(`/assets/${file}-[\\w-]{8}\\.woff2`);

/**
 * Preload links for the fonts a template preview's sample is drawn with, found in the template's
 * built CSS. Found only by the first layout, a font starts while the first paint is being made,
 * and its text is drawn twice, first in the fallback face: text that moves (Lighthouse's mobile
 * run, quiet machine: layout shift 0.035 on Directive, 0.013 on Mini-port, 0 with the preloads),
 * and in the phone model's estimate a first paint that waits for the fonts (0.8-1.2 s by run,
 * 0.72-0.77 s with them). Asked for from the head, they come with the document's own requests.
 */
export function sampleFontPreloads(templateId: TemplateId, stylesheetText: string): string {
  return SAMPLE_FONT_FILES[templateId]
    .map((file) => stylesheetText.match(builtFontUrl(file))?.[0])
    .filter((href) => href !== undefined)
    .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`)
    .join('');
}
