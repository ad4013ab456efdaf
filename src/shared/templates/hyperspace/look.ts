import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/**
 * Hyperspace's accent is its magenta: the end of the violet gradient (the navigation's line, the
 * project placeholders) and, a shade deeper, the features band under near-white text.
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
      '--hs-gradient': `linear-gradient(to right, #5e42a6, ${accent})`,
    };
  },
  checks: [
    {
      what: 'the features band under its text',
      text: '#ffffffeb',
      background: '--hs-magenta-deep',
    },
    { what: 'the top of the features band', text: '#ffffffeb', background: '--hs-magenta-tint' },
    // The band beside the page's deep violet: a very dark accent would sink into it.
    {
      what: 'the features band on the violet page',
      text: '--hs-magenta-deep',
      background: '#312450',
      mark: true,
    },
  ],
  pairings: ['source-sans', 'arial', 'noto-sans', 'noto-serif'],
  accentUse:
    'The menu’s line, the end of the page’s gradient and the services band take this colour.',
};
