import { mix } from '../../appearance/colour.js';
import type { TemplateLook } from '../../appearance/look.js';

/**
 * Mini-port's accent is its link blue: links and buttons on white bands, white on buttons. A
 * chosen accent also takes over the coral of the service icons (a lighter tint, so the page keeps
 * one accent, not two) and the light links of the dark contact band.
 */
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
    '--mp-coral': mix(accent, '#ffffff', 0.3),
    '--mp-coral-glow': `${mix(accent, '#ffffff', 0.3)}29`,
    '--mp-dark-link': mix(accent, '#ffffff', 0.6),
  }),
  checks: [
    { what: 'links on white', text: '--mp-link', background: '#ffffff' },
    { what: 'links on the grey bands', text: '--mp-link', background: '#f4f4f4' },
    { what: 'the background of white button text', text: '#ffffff', background: '--mp-link' },
    { what: 'links on the dark contact band', text: '--mp-dark-link', background: '#303030' },
  ],
  pairings: ['open-sans', 'source-sans', 'noto-sans', 'noto-serif'],
  accentUse:
    'Links and buttons take this colour; a colour of your own also tints the service icons.',
};
