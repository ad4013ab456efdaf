import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/**
 * Directive's accent is its green: subtitles and links on white, the footer's band under white
 * text, the badges on pictures, and lighter shades for the headline on the dark header and the
 * round badge at the top.
 */
export const directiveLook: TemplateLook = {
  palette: [
    { name: 'Green', value: '#287a50' },
    { name: 'Teal', value: '#0e7490' },
    { name: 'Blue', value: '#1d5fa8' },
    { name: 'Terracotta', value: '#b0431f' },
    { name: 'Plum', value: '#7a3e7c' },
    { name: 'Slate', value: '#475569' },
  ],
  accentVars: (accent) => ({
    '--dv-green-text': accent,
    '--dv-green-deep': accent,
    '--dv-green': mix(accent, '#ffffff', 0.22),
    '--dv-green-tint': mix(accent, '#ffffff', 0.92),
    '--dv-green-light': mix(accent, '#ffffff', 0.45),
  }),
  checks: [
    { what: 'subtitles and links on white', text: '--dv-green-text', background: '#ffffff' },
    {
      what: 'a light button when pointed at',
      text: '--dv-green-text',
      background: '--dv-green-tint',
    },
    { what: 'the footer under white text', text: '#ffffff', background: '--dv-green-deep' },
    { what: 'the headline on the dark header', text: '--dv-green-light', background: '#27252b' },
  ],
  pairings: ['source-sans', 'noto-sans', 'arial', 'noto-serif'],
  accentUse:
    'Section subtitles, links, the footer band and the badges on pictures take this colour.',
};
