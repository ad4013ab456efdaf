import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/** The page's slate, as solid-state.css has it. */
const SLATE = '#2e3141';
/** The spotlight bands' slates, a step and half a step lighter than the page. */
const BAND_LIGHT = '#3a3d52';
const BAND_DARK = '#333649';

/**
 * Solid State's own indigo fills its spotlight bands. A colour the person picks is used as the
 * original uses its indigo, for emphasis rather than as a flood behind their photos: the glow over
 * the banner, the rules under the name and the headings, the rings of the links, and the buttons
 * under white text. The spotlight bands stay the design's dark slate, tinted with it.
 */
export const solidStateLook: TemplateLook = {
  palette: [
    { name: 'Indigo', value: '#4c5c96' },
    { name: 'Deep teal', value: '#2f6f73' },
    { name: 'Plum', value: '#6b4c8a' },
    { name: 'Pine', value: '#3e6b4f' },
    { name: 'Rust', value: '#8a4b3a' },
    { name: 'Steel blue', value: '#3d6a96' },
  ],
  accentVars: (accent) => ({
    '--ss-accent': accent,
    '--ss-accent-hover': mix(accent, '#ffffff', 0.1),
    // Read by the rules and rings that are a faint white in the template's own look.
    '--ss-mark': accent,
    // A hint of the colour, no more: a stronger mix turned an ochre's slate to mud.
    '--ss-odd': mix(BAND_LIGHT, accent, 0.08),
    '--ss-even': mix(BAND_DARK, accent, 0.07),
  }),
  checks: [
    { what: 'the bands under their text', text: '#ffffffe0', background: '--ss-odd' },
    { what: 'a button under white text', text: '#ffffff', background: '--ss-accent-hover' },
    // The rules on the page's slate: a very dark accent would sink into it.
    { what: 'a rule on the dark page', text: '--ss-accent', background: SLATE, mark: true },
  ],
  pairings: ['raleway-source-sans', 'noto-sans', 'raleway-noto-sans', 'noto-serif'],
  accentUse:
    'The rules under your name and headings, the buttons and the glow over your name take this colour, and the bands behind your work a hint of it.',
};
