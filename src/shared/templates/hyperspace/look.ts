import { contrast, fromHsl, mix, toHsl } from '../../appearance/colour.js';
import { AA_LARGE, AA_NORMAL, type TemplateLook } from '../../appearance/look.js';

/** The page's deep violet, the intro's violet and the highlights band's indigo (hyperspace.css). */
const PAGE = '#312450';
const VIOLET = '#5e42a6';
const INDIGO = '#5052b5';
/** A chosen accent's buttons: the page's deep violet, a touch lighter, under white text. */
const BUTTON = mix(PAGE, VIOLET, 0.15);
/** The features band's own magenta, as deep as white text needs. */
const BAND = '#9e437d';

/**
 * The hues of the template's own bands, from its indigo (239°) to its magenta (322°), a little
 * either side: a band kept inside them reads as one more purple, whatever the accent.
 */
const PURPLES = { from: 235, to: 330, saturation: 0.3 };

/**
 * The colour turned to the nearest hue inside the purples, and at least as saturated as the
 * template's own bands are muted (a greyed mauve read as mud beside them), its lightness kept.
 */
export function inPurples(colour: string): string {
  const { h, s, l } = toHsl(colour);
  const inside = h >= PURPLES.from && h <= PURPLES.to;
  if (inside && s >= PURPLES.saturation) return colour;
  // Reds, oranges and yellows come round to the magenta end, greens and cyans to the indigo one.
  const hue = inside ? h : h > PURPLES.to || h < 90 ? PURPLES.to : PURPLES.from;
  return fromHsl(hue, Math.max(s, PURPLES.saturation), l);
}

/**
 * The accent as a light tint that reads on the violet: lifted towards white until, as a ring, it
 * stands out from the intro's violet as a control must (3:1) and, as a hover fill, carries the
 * page's deep violet as text (4.5:1). A deep ochre fill under white text read as mud on violet;
 * its light gold ring on deep violet reads as a choice, and so does every other hue's tint.
 */
export function lightTint(accent: string): string {
  for (let step = 0; step <= 50; step += 1) {
    const tint = mix(accent, '#ffffff', step / 50);
    if (contrast(tint, VIOLET) >= AA_LARGE && contrast(PAGE, tint) >= AA_NORMAL) return tint;
  }
  return '#ffffff';
}

/**
 * Hyperspace's accent is its magenta: the end of the violet gradient (the navigation's line, the
 * intro's glow, the rule under the name) and, a shade deeper, the features band under near-white
 * text. A colour the person picks rings the buttons and fills them on hover (as a light tint, the
 * buttons themselves deep violet under white text), draws the menu's line and the headings' rules;
 * the bands only lean towards it and stay purple: a solid ochre band between the violet and indigo
 * ones read as a clash, not as the person's colour.
 */
export const hyperspaceLook: TemplateLook = {
  palette: [
    { name: 'Magenta', value: '#b74e91' },
    { name: 'Rose', value: '#c0456b' },
    { name: 'Teal', value: '#25838f' },
    { name: 'Royal blue', value: '#4a63c9' },
    { name: 'Burnt orange', value: '#c2571a' },
  ],
  accentVars: (accent) => {
    const deep = mix(accent, '#000000', 0.14);
    // The features band: its own magenta, a third of the way to the accent, kept a purple.
    const band = inPurples(mix(BAND, deep, 0.35));
    // The intro's right edge and the band's top glow towards the accent, as a purple too.
    const glow = inPurples(mix('#b74e91', accent, 0.4));
    const tint = lightTint(accent);
    return {
      '--hs-magenta': accent,
      '--hs-magenta-deep': deep,
      '--hs-band': band,
      '--hs-band-tint': mix(band, glow, 0.25),
      '--hs-glow': glow,
      '--hs-gradient': `linear-gradient(to right, ${mix(accent, '#ffffff', 0.3)}, ${accent})`,
      // Unset in the template's own look, whose buttons are outlines and rules faint white.
      '--hs-button': BUTTON,
      '--hs-button-ring': tint,
      '--hs-button-ring-width': '2px',
      '--hs-button-hover': tint,
      '--hs-button-hover-text': PAGE,
      // The tint too: a deep teal's rule vanished into the indigo band.
      '--hs-rule': tint,
      // The highlights band's far corner: its indigo half-way to the deep shade, a little dimmed.
      '--hs-indigo-accent': inPurples(mix(mix(INDIGO, deep, 0.5), PAGE, 0.12)),
    };
  },
  checks: [
    { what: 'the buttons under their text', text: '#ffffff', background: '--hs-button' },
    {
      what: 'the buttons under the pointer',
      text: '--hs-button-hover-text',
      background: '--hs-button-hover',
    },
    { what: 'the features band under its text', text: '#ffffffeb', background: '--hs-band' },
    { what: 'the top of the features band', text: '#ffffffeb', background: '--hs-band-tint' },
    {
      what: 'the highlights band under its text',
      text: '#ffffffcc',
      background: '--hs-indigo-accent',
    },
    // The menu's line on the page's deep violet: a very dark accent would sink into it.
    {
      what: 'the menu’s line on the violet page',
      text: '--hs-magenta',
      background: PAGE,
      mark: true,
    },
  ],
  pairings: ['source-sans', 'arial', 'noto-sans', 'noto-serif'],
  accentUse:
    'The buttons’ outlines, the menu’s line and the headings’ rules take this colour; the purple bands lean towards it.',
};
