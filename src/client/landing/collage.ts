import type { TemplateId } from '../../shared/templates/catalog.js';

/** The template whose card picture the landing page's hero shows. */
export const HERO_TEMPLATE: TemplateId = 'template3';

/**
 * The landing page's eight screenshots around the centre card, left side first (four a side):
 * each shows a template's phone layout, from the top of the page or from the part with this
 * element id, and links to that template's preview. `npm run screenshots` makes them from this
 * same list.
 */
export const COLLAGE_TILES: readonly { file: string; templateId: TemplateId; anchor?: string }[] = [
  { file: 'collage-1.webp', templateId: 'template1' },
  { file: 'collage-2.webp', templateId: 'template2' },
  { file: 'collage-3.webp', templateId: 'template3' },
  { file: 'collage-4.webp', templateId: 'template4' },
  { file: 'collage-5.webp', templateId: 'template5' },
  { file: 'collage-6.webp', templateId: 'template3', anchor: 'section2' },
  { file: 'collage-7.webp', templateId: 'template4', anchor: 'section' },
  { file: 'collage-8.webp', templateId: 'template1', anchor: 'section2' },
];

/** Where the site serves a collage picture (the screenshots go to src/client/public/images). */
export const collageImage = (file: string): string => `/images/${file}`;
