import { TEMPLATE_IDS, type TemplateId } from '../../shared/templates/catalog.js';

/**
 * The landing page's collage: every template once, in the builder's order, so the page shows the
 * whole range and /choose then offers the same five in the same order.
 */
export const COLLAGE_TEMPLATES: readonly TemplateId[] = TEMPLATE_IDS;

/**
 * Each collage picture is the template's first screen in a phone-sized window of this size (CSS
 * pixels), written at this width: twice what a tile is shown at on a phone. `npm run screenshots`
 * takes them.
 */
export const COLLAGE_SHOT = { width: 400, height: 520 } as const;

/** AVIF for the browsers that read it (most), WebP for the rest: a browser fetches one of them. */
export type CollageFormat = 'avif' | 'webp';

/** Where the site serves a collage picture (the screenshots go to src/client/public/images). */
export const collageImage = (templateId: TemplateId, format: CollageFormat): string =>
  `/images/collage-${templateId}.${format}`;
