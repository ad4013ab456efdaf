import type { TemplateId } from './catalog.js';

/**
 * The font files each template's sample is drawn with on its preview, by the names
 * scripts/subset-fonts.mjs gives them (family, weight, style, subset). The first layout asks for
 * every one of them; e2e/choose.test.ts holds this list to what the browser fetches. A change to a
 * sample's or a template's fonts changes it here, beside them; the server preloads them
 * (server/template-previews/preview-fonts.ts).
 */
export const SAMPLE_FONT_FILES: Record<TemplateId, readonly string[]> = {
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
