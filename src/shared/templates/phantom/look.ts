import { contrast, fromHsl, mix, toHsl } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/**
 * Each tile of the cycle of six from the accent: degrees round the colour wheel, away from
 * yellow-green, and how much darker (HSL lightness points). Small turns keep the six one family
 * of the person's colour; turns of 36 degrees took ochre to olive and green-brown, which read as
 * muddy beside it, as any yellow darkened far enough to carry white words does.
 */
const TILE_STEPS = [
  [0, 0],
  [10, -5],
  [20, -9],
  [-4, -2],
  [6, -11],
  [14, -3],
] as const;

/** Yellow-green, the hue a darkened colour turns muddy at; turns lead away from it. */
const MUDDY_HUE = 75;

/** White words on a tile need 4.5:1; a little over it, so rounding never drops below. */
const TILE_CONTRAST = 4.6;

/** The colour, darkened until white words on it read (the accent itself already does). */
function underWhiteWords(colour: string): string {
  let shade = colour;
  while (contrast('#ffffff', shade) < TILE_CONTRAST) shade = mix(shade, '#000000', 0.08);
  return shade;
}

/**
 * A chosen accent's cycle of six tile colours: shades of it a few degrees round the colour wheel,
 * so the grid keeps Phantom's many colours as one family of the person's colour rather than six
 * colours of the template's.
 */
export function tileCycle(accent: string): string[] {
  const base = underWhiteWords(accent);
  const { h, s, l } = toHsl(base);
  // Clockwise from blue-green to violet, the other way from red to yellow.
  const away = (h - MUDDY_HUE + 360) % 360 < 180 ? 1 : -1;
  return TILE_STEPS.map(([turn, darker], index) =>
    index === 0
      ? base
      : underWhiteWords(
          fromHsl((h + away * turn + 360) % 360, s, Math.max(l + darker / 100, 0.08)),
        ),
  );
}

/**
 * Phantom's accent is its rose: links and the menu when pointed at, on white, and the buttons
 * under white text. A chosen accent also colours the tiles, in a cycle of its neighbours
 * (tileCycle); without one they keep Phantom's six.
 */
export const phantomLook: TemplateLook = {
  palette: [
    { name: 'Rose', value: '#b83b62' },
    { name: 'Cobalt', value: '#2148d8' },
    { name: 'Emerald', value: '#117a5b' },
    { name: 'Violet', value: '#7639a3' },
    { name: 'Burnt orange', value: '#b2471b' },
    { name: 'Ink', value: '#333a56' },
  ],
  accentVars: (accent) => ({ '--ph-accent': accent }),
  derivedVars: (accent) =>
    Object.fromEntries(
      tileCycle(accent).map((colour, index) => [`--ph-tile-${index + 1}`, colour]),
    ),
  checks: [
    { what: 'links on white', text: '--ph-accent', background: '#ffffff' },
    { what: 'a button under white text', text: '#ffffff', background: '--ph-accent' },
  ],
  pairings: ['source-sans', 'noto-sans', 'arial', 'noto-serif'],
  accentUse: 'Links and buttons take this colour, and the tiles a cycle of its shades.',
};
