import { contrast, fromHsl, mix, toHsl } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/** How far round the colour wheel from the accent each tile of the cycle of six turns. */
const TILE_HUE_STEPS = [0, 18, -18, 36, -36, 9] as const;

/** White words on a tile need 4.5:1; a little over it, so rounding never drops below. */
const TILE_CONTRAST = 4.6;

/** The colour, darkened until white words on it read (the accent itself already does). */
function underWhiteWords(colour: string): string {
  let shade = colour;
  while (contrast('#ffffff', shade) < TILE_CONTRAST) shade = mix(shade, '#000000', 0.08);
  return shade;
}

/**
 * A chosen accent's cycle of six tile colours: its neighbours on the colour wheel at its own
 * saturation and lightness, so the grid keeps Phantom's many colours as one family of the
 * person's colour rather than six colours of the template's.
 */
export function tileCycle(accent: string): string[] {
  const { h, s, l } = toHsl(accent);
  return TILE_HUE_STEPS.map((step) => underWhiteWords(fromHsl((h + step + 360) % 360, s, l)));
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
  accentUse:
    'Links and buttons take this colour, and the tiles a cycle of colours next to it on the colour wheel.',
};
