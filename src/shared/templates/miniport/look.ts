import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/** Mini-port's accent is its link blue: links and buttons on white bands, white on buttons. */
export const miniportLook: TemplateLook = {
  palette: [
    { name: 'Ocean blue', value: '#1b75a6' },
    { name: 'Teal', value: '#0f766e' },
    { name: 'Indigo', value: '#4f46e5' },
    { name: 'Crimson', value: '#b4233c' },
    { name: 'Forest green', value: '#2f7d32' },
    { name: 'Plum', value: '#7b3f8c' },
  ],
  accentVars: (accent) => ({
    '--mp-link': accent,
    '--mp-link-hover': mix(accent, '#000000', 0.25),
    '--mp-accent': mix(accent, '#ffffff', 0.15),
  }),
  checks: [
    { what: 'links on white', text: '--mp-link', background: '#ffffff' },
    { what: 'links on the grey bands', text: '--mp-link', background: '#f4f4f4' },
    { what: 'the background of white button text', text: '#ffffff', background: '--mp-link' },
  ],
  pairings: ['open-sans', 'source-sans', 'noto-sans', 'noto-serif'],
};
