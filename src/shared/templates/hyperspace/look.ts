import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/** The page's deep violet and the highlights band's indigo, as hyperspace.css has them. */
const PAGE = '#312450';
const INDIGO = '#5052b5';

/**
 * Hyperspace's accent is its magenta: the end of the violet gradient (the navigation's line, the
 * intro's glow, the rule under the name) and, a shade deeper, the features band under near-white
 * text. A colour the person picks also fills the buttons, rules the headings and turns the
 * highlights band's indigo towards it, so it is more than a line on the template's purple.
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
    return {
      '--hs-magenta': accent,
      '--hs-magenta-deep': deep,
      '--hs-magenta-tint': mix(deep, accent, 0.35),
      '--hs-gradient': `linear-gradient(to right, ${mix(accent, '#ffffff', 0.3)}, ${accent})`,
      // Unset in the template's own look, whose buttons are outlines and rules faint white.
      '--hs-button': deep,
      '--hs-button-hover': mix(deep, '#000000', 0.12),
      // Lifted a little: a deep teal's rule vanished into the indigo band.
      '--hs-rule': mix(accent, '#ffffff', 0.3),
      // The highlights band's far corner: its indigo half-way to the deep shade, a little dimmed.
      '--hs-indigo-accent': mix(mix(INDIGO, deep, 0.5), PAGE, 0.12),
    };
  },
  checks: [
    {
      what: 'the features band under its text',
      text: '#ffffffeb',
      background: '--hs-magenta-deep',
    },
    { what: 'the top of the features band', text: '#ffffffeb', background: '--hs-magenta-tint' },
    {
      what: 'the highlights band under its text',
      text: '#ffffffcc',
      background: '--hs-indigo-accent',
    },
    // The band beside the page's deep violet: a very dark accent would sink into it.
    {
      what: 'the features band on the violet page',
      text: '--hs-magenta-deep',
      background: PAGE,
      mark: true,
    },
  ],
  pairings: ['source-sans', 'arial', 'noto-sans', 'noto-serif'],
  accentUse:
    'The buttons, the menu’s line, the headings’ rules, the services band and a glow over your work take this colour.',
};
