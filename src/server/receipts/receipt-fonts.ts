/**
 * The fonts a receipt PDF prints with, and which of them prints each part of a text. Noto Sans
 * covers Latin (with the rupee sign), Vietnamese, Greek, Cyrillic and Devanagari; Noto Sans of
 * each other Indian script covers billing names and addresses written in it. Fontsource ships
 * every font cut into one file per script, so a text is split into runs, each printed with the
 * first file that has its letters; pdfkit embeds only the glyphs used. Letters no file has (Arabic
 * or Chinese script, say) print as "?".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { unwoff } from './woff.js';

export type Weight = 'normal' | 'bold';

/** One font file: its npm package and the script subset the file holds. */
interface Face {
  name: string;
  file: string;
  /** Its letters are reordered or joined when shaped, so copying text needs the original. */
  shaped: boolean;
}

const SUBSETS: [pkg: string, subset: string, shaped: boolean][] = [
  ['noto-sans', 'latin', false],
  ['noto-sans', 'latin-ext', false],
  ['noto-sans', 'vietnamese', false],
  ['noto-sans', 'greek', false],
  ['noto-sans', 'cyrillic', false],
  ['noto-sans', 'devanagari', true],
  ['noto-sans-bengali', 'bengali', true],
  ['noto-sans-gurmukhi', 'gurmukhi', true],
  ['noto-sans-gujarati', 'gujarati', true],
  ['noto-sans-oriya', 'oriya', true],
  ['noto-sans-tamil', 'tamil', true],
  ['noto-sans-telugu', 'telugu', true],
  ['noto-sans-kannada', 'kannada', true],
  ['noto-sans-malayalam', 'malayalam', true],
];

// Resolved from this module (dist/server/main.js once built), so the bundled server finds the
// files in node_modules as the dependencies it keeps external.
const require = createRequire(import.meta.url);

const FACES: Record<Weight, Face[]> = {
  normal: faces(400),
  bold: faces(700),
};

function faces(weight: number): Face[] {
  return SUBSETS.map(([pkg, subset, shaped]) => ({
    name: `${pkg}-${subset}-${weight}`,
    // WOFF, which unpacks with zlib (woff2 needs Brotli in JavaScript).
    file: require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`),
    shaped,
  }));
}

/** Noto Sans's ascent and height, in ems: every run sits on its baseline and takes its line. */
export const LATIN_ASCENT = 1.069;
export const LATIN_HEIGHT = 1.362;

/** The space to add below a line in `face` for it to be as tall as a Latin one, in ems. */
export function extraLeading(face: Face): number {
  const font = fontOf(face);
  return LATIN_HEIGHT - (font.ascent - font.descent + font.lineGap) / font.unitsPerEm;
}

const loaded = new Map<string, Font>();

/** A face's font, read once per process. */
export function fontOf(face: Face): Font {
  let font = loaded.get(face.name);
  if (!font) {
    font = create(unwoff(readFileSync(face.file))) as Font;
    loaded.set(face.name, font);
  }
  return font;
}

const covers = (face: Face, code: number) => fontOf(face).hasGlyphForCodePoint(code);

export interface Run {
  face: Face;
  text: string;
  /** OpenType features turned off for this run, if shaping it needs that. */
  features?: Record<string, false>;
}

// fontkit throws on a mark anchor the font leaves empty (foliojs/fontkit#367), which Noto Sans
// Telugu and Gurmukhi have for above-base marks: such a run is shaped without them. fontkit
// writes into the feature object it is given, so each use gets a fresh copy.
const FALLBACKS: readonly Readonly<Record<string, false>>[] = [
  { abvm: false },
  { abvm: false, blwm: false },
];
const NO_MARK_POSITIONING: Readonly<Record<string, false>> = {
  abvm: false,
  blwm: false,
  mark: false,
  mkmk: false,
};

function withFeatures(run: Run): Run {
  const font = fontOf(run.face);
  try {
    font.layout(run.text);
    return run;
  } catch {
    const features = FALLBACKS.find((off) => {
      try {
        font.layout(run.text, { ...off } as never);
        return true;
      } catch {
        return false;
      }
    });
    return { ...run, features: { ...(features ?? NO_MARK_POSITIONING) } };
  }
}

/**
 * How much of OpenType shaping a receipt uses: all of it; none of the mark positioning (when
 * fontkit fails on a layout the first check did not see); or no font but the Latin one, other
 * letters printed as "?" (the last resort, so a receipt can always be downloaded).
 */
export type Shaping = 'full' | 'unmarked' | 'latin';

/**
 * `text` in runs of one face each. A character stays in the run before it when that face has it
 * (spaces, marks and joiners inside a name, so a word is shaped whole), else it takes the first
 * face that has it.
 */
export function fontRuns(text: string, weight: Weight, shaping: Shaping = 'full'): Run[] {
  const list = shaping === 'latin' ? FACES[weight].slice(0, 1) : FACES[weight];
  const runs: Run[] = [];
  for (let char of text.normalize('NFC')) {
    const code = char.codePointAt(0)!;
    const last = runs.at(-1);
    if (last && covers(last.face, code)) {
      last.text += char;
      continue;
    }
    let face = list.find((candidate) => covers(candidate, code));
    if (!face) {
      face = list[0]!;
      char = '?';
    }
    if (last?.face === face) last.text += char;
    else runs.push({ face, text: char });
  }
  if (shaping === 'unmarked') {
    return runs.map((run) =>
      run.face.shaped ? { ...run, features: { ...NO_MARK_POSITIONING } } : run,
    );
  }
  return runs.map((run) => (run.face.shaped ? withFeatures(run) : run));
}
