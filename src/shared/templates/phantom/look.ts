import type { TemplateLook } from '../../appearance/look.js';

/**
 * Phantom's accent is its rose: links and the menu when pointed at, on white, and the buttons
 * under white text. The tiles keep their own colours.
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
  checks: [
    { what: 'links on white', text: '--ph-accent', background: '#ffffff' },
    { what: 'a button under white text', text: '#ffffff', background: '--ph-accent' },
  ],
  pairings: ['source-sans', 'noto-sans', 'arial', 'noto-serif'],
  accentUse: 'Links and buttons take this colour; the tiles keep their own cycle of colours.',
};
