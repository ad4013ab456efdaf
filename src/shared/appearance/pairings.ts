/**
 * The font pairings a page may be set in: a family for headings and one for the rest, all from
 * the @fontsource faces we subset (scripts/subset-fonts.mjs). 'Indian Scripts' heads every stack,
 * so Devanagari, Tamil, Bengali and the other scripts keep their Noto faces whatever the pairing;
 * the serif one puts 'Indian Scripts Serif' (Noto Serif's Devanagari, Bengali, Tamil) before it.
 * Each template offers a few of these (templates/<slug>/look.ts) and declares their faces in its
 * stylesheet; a browser fetches a face only when text on the page is set in it.
 */

export const FONT_PAIRING_IDS = [
  'open-sans',
  'source-sans',
  'noto-sans',
  'raleway-source-sans',
  'raleway-noto-sans',
  'arial',
  'noto-serif',
] as const;
export type FontPairingId = (typeof FONT_PAIRING_IDS)[number];

export interface FontPairing {
  /** What the editor calls it. */
  name: string;
  /** One line on its character, for the editor. */
  note: string;
  heading: string;
  body: string;
}

const SANS_FALLBACK = "system-ui, -apple-system, 'Segoe UI', sans-serif";
const SERIF_FALLBACK = "Georgia, 'Times New Roman', serif";

/**
 * A font-family value: the Indian scripts first, then the family, then the system's. A serif
 * family puts the serif Indian faces (Devanagari, Bengali, Tamil) before the sans ones, which
 * still draw the other scripts.
 */
export function fontStack(family: string): string {
  if (family === 'Arial') return "'Indian Scripts', Arial, Helvetica, sans-serif";
  if (family === 'Noto Serif')
    return `'Indian Scripts Serif', 'Indian Scripts', '${family}', ${SERIF_FALLBACK}`;
  return `'Indian Scripts', '${family}', ${SANS_FALLBACK}`;
}

export const FONT_PAIRINGS: Readonly<Record<FontPairingId, FontPairing>> = {
  'open-sans': {
    name: 'Open Sans',
    note: 'Open and friendly, easy to read at any size.',
    heading: 'Open Sans',
    body: 'Open Sans',
  },
  'source-sans': {
    name: 'Source Sans 3',
    note: 'Clear and compact, made for reading on screens.',
    heading: 'Source Sans 3',
    body: 'Source Sans 3',
  },
  'noto-sans': {
    name: 'Noto Sans',
    note: 'Drawn to match the Indian scripts: Hindi, Tamil or Bengali sit evenly beside it.',
    heading: 'Noto Sans',
    body: 'Noto Sans',
  },
  'raleway-source-sans': {
    name: 'Raleway with Source Sans 3',
    note: 'Elegant, geometric headings over plain, readable text.',
    heading: 'Raleway',
    body: 'Source Sans 3',
  },
  'raleway-noto-sans': {
    name: 'Raleway with Noto Sans',
    note: 'Elegant headings; text that matches the Indian scripts.',
    heading: 'Raleway',
    body: 'Noto Sans',
  },
  arial: {
    name: 'Arial',
    note: 'The system’s own sans: nothing to download.',
    heading: 'Arial',
    body: 'Arial',
  },
  'noto-serif': {
    name: 'Noto Serif',
    note: 'A classic book face for headings and text; Hindi, Bengali and Tamil in serif too.',
    heading: 'Noto Serif',
    body: 'Noto Serif',
  },
};

export function isFontPairingId(value: unknown): value is FontPairingId {
  return typeof value === 'string' && Object.hasOwn(FONT_PAIRINGS, value);
}
