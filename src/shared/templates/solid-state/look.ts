import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/**
 * Solid State's accent is its indigo: the spotlight bands (alternating with a deeper shade), the
 * buttons and the social links when pointed at, all under white text, and the rule under the
 * title; every one of them must show against the slate page.
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
    '--ss-odd': accent,
    '--ss-even': mix(accent, '#000000', 0.09),
    '--ss-accent-hover': mix(accent, '#ffffff', 0.1),
  }),
  checks: [
    { what: 'the bands under their text', text: '#ffffffe0', background: '--ss-odd' },
    { what: 'a button under white text', text: '#ffffff', background: '--ss-accent-hover' },
    // The darker band beside the page's slate: a very dark accent would sink into it.
    { what: 'a band on the dark page', text: '--ss-even', background: '#2e3141', mark: true },
  ],
  pairings: ['raleway-source-sans', 'noto-sans', 'raleway-noto-sans', 'noto-serif'],
  accentUse:
    'The bands behind your work, the buttons and the rule under your name take this colour.',
};
