import type { TemplateId } from '../../shared/templates/catalog.js';
import { SAMPLE_FONT_FILES } from '../../shared/templates/sample-fonts.js';

/** The build's hash after a font file's name: a hyphen and 8 characters. */
const HASH_LENGTH = 9;

/** The built fonts the CSS names, by file name without its hash: their addresses. */
function builtFonts(stylesheetText: string): Map<string, string> {
  const fonts = new Map<string, string>();
  for (const piece of stylesheetText.split('/assets/').slice(1)) {
    const end = piece.indexOf('.woff2');
    const file = piece.slice(0, end);
    if (end <= HASH_LENGTH || /[^\w-]/.test(file)) continue;
    fonts.set(file.slice(0, -HASH_LENGTH), `/assets/${file}.woff2`);
  }
  return fonts;
}

/**
 * Preload links for the fonts a template preview's sample is drawn with, found in the template's
 * built CSS, and the files it did not find there. Found only by the first layout, a font starts
 * while the first paint is being made, and its text is drawn twice, first in the fallback face:
 * text that moves, and a first paint that Lighthouse's phone estimate makes wait for the fonts.
 * Asked for from the head, they come with the document's own requests (measured in
 * bench/results/lighthouse-builder-tried.md).
 */
export function sampleFontPreloads(
  templateId: TemplateId,
  stylesheetText: string,
): { links: string; missing: string[] } {
  const built = builtFonts(stylesheetText);
  const links: string[] = [];
  const missing: string[] = [];
  for (const file of SAMPLE_FONT_FILES[templateId]) {
    const href = built.get(file);
    if (href) {
      links.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="${href}">`);
    } else missing.push(file);
  }
  return { links: links.join(''), missing };
}
