// npm run fonts (after subset-fonts.mjs): the letters of India's scripts for the templates and the
// builder. Their own fonts have Latin letters only; a name in Devanagari or Tamil fell to whatever
// the device had, and on a device with none it showed as boxes. Noto Sans's files for each script
// become one family, 'Indian Scripts', whose faces cover only those scripts' code points (CSS
// unicode-range): a page downloads a file only when it holds such letters.
//
// The family comes first in every font stack that uses it (`'Indian Scripts', 'Source Sans 3', …`).
// Latin letters are outside its ranges and fall through to the page's own font, which stays the
// first available font for line heights (the family has no face for the space). Placed after an
// installed font (Arial), it is never asked: Chromium shows such letters as that font's boxes.
//
// Each script has a light face (weights 100 to 300), a regular one (400 and 500) and a bold one
// (600 to 900): headings are bold in these scripts too, and Hindi inside a template's light (300)
// Latin text is light as well, not darker than the words around it. Italic is declared with the
// same upright files, as these scripts have no italics and a slanted copy would be a distortion.
//
// The serif pairings' headings have a second family, 'Indian Scripts Serif', from Noto Serif's files
// for the scripts most portfolios here are written in (Devanagari, Bengali, Tamil). It comes before
// 'Indian Scripts' in those stacks; a letter of another script falls through to the sans family.
//
// Input: the 300, 400 and 700 script files of the @fontsource Noto Sans and Noto Serif packages
// (SIL Open Font License). Output, committed: src/shared/templates/fonts/files/noto-*.woff2,
// src/shared/templates/fonts/indian-scripts.css, which every-template.css and the builder's
// global.css import, and indian-scripts-serif.css, which the templates' stylesheets import.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';

const SANS_SCRIPTS = [
  { script: 'devanagari', pkg: 'noto-sans', prefix: 'noto-sans-devanagari' },
  { script: 'bengali', pkg: 'noto-sans-bengali' },
  { script: 'gurmukhi', pkg: 'noto-sans-gurmukhi' },
  { script: 'gujarati', pkg: 'noto-sans-gujarati' },
  { script: 'oriya', pkg: 'noto-sans-oriya' },
  { script: 'tamil', pkg: 'noto-sans-tamil' },
  { script: 'telugu', pkg: 'noto-sans-telugu' },
  { script: 'kannada', pkg: 'noto-sans-kannada' },
  { script: 'malayalam', pkg: 'noto-sans-malayalam' },
];
const SERIF_SCRIPTS = [
  { script: 'devanagari', pkg: 'noto-serif-devanagari' },
  { script: 'bengali', pkg: 'noto-serif-bengali' },
  { script: 'tamil', pkg: 'noto-serif-tamil' },
];
const FAMILIES = [
  { family: 'Indian Scripts', scripts: SANS_SCRIPTS, file: 'noto', output: 'indian-scripts.css' },
  {
    family: 'Indian Scripts Serif',
    scripts: SERIF_SCRIPTS,
    file: 'noto-serif',
    output: 'indian-scripts-serif.css',
  },
];
const WEIGHTS = [
  { file: 300, range: '100 300' },
  { file: 400, range: '400 500' },
  { file: 700, range: '600 900' },
];
/**
 * Code points other scripts use too: left to the page's own font or the device's, so that a ₹, a
 * dotted circle, a Latin letter's combining dot or the joiner inside an emoji (👩‍💻) on a page in
 * English fetches no Indian file. Chromium shapes a joiner with the letters around it whatever
 * face lists it: क्‍ष keeps its half form without it here.
 */
const SHARED = new Set([0x20a8, 0x20b9, 0x20f0, 0x25cc, 0x0307, 0x0323, 0x200c, 0x200d]);

const out = 'src/shared/templates/fonts';

/** The code points of a CSS unicode-range value. */
function codePoints(value) {
  const points = [];
  for (const part of value.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from, 16); point <= parseInt(to, 16); point += 1) points.push(point);
  }
  return points;
}

/** Code points as a CSS unicode-range value, consecutive ones joined into ranges. */
function unicodeRange(points) {
  const sorted = [...points].sort((a, b) => a - b);
  const parts = [];
  const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0');
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end] + 1) end += 1;
    const [from, to] = [sorted[start], sorted[end]];
    parts.push(from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`);
    start = end + 1;
  }
  return parts.join(', ');
}

/**
 * A code point several scripts list (the dandas ।॥, the Vedic signs) goes to the first script
 * that lists it, Devanagari before the others: within one family the browser would otherwise take
 * the last face declared, and a line of Hindi ending in । fetched the Malayalam file for it.
 */
for (const { family, scripts, file: filePrefix, output } of FAMILIES) {
  const claimed = new Set(SHARED);
  const faces = [];
  for (const { script, pkg, prefix = `${pkg}-${script}` } of scripts) {
    const dir = path.join('node_modules', '@fontsource', pkg);
    const css = readFileSync(path.join(dir, '400.css'), 'utf8');
    const block = css
      .split('@font-face')
      .find((face) => face.includes(`${prefix}-400-normal.woff2`));
    const range = /unicode-range:\s*([^;]+);/.exec(block ?? '')?.[1];
    if (!range) throw new Error(`no unicode-range for ${prefix} in ${pkg}/400.css`);
    const own = codePoints(range).filter((point) => !claimed.has(point));
    for (const point of own) claimed.add(point);
    for (const { file, range: weight } of WEIGHTS) {
      const target = `${filePrefix}-${script}-${file}.woff2`;
      copyFileSync(
        path.join(dir, 'files', `${prefix}-${file}-normal.woff2`),
        path.join(out, 'files', target),
      );
      for (const style of ['normal', 'italic']) {
        faces.push(
          [
            '@font-face {',
            `  font-family: '${family}';`,
            `  font-style: ${style};`,
            `  font-weight: ${weight};`,
            '  font-display: swap;',
            `  src: url('./files/${target}') format('woff2');`,
            `  unicode-range: ${unicodeRange(own)};`,
            '}',
          ].join('\n'),
        );
      }
    }
  }
  writeFileSync(
    path.join(out, output),
    `/* India's scripts as the family '${family}': generated by scripts/indian-script-fonts.mjs */\n${faces.join('\n')}\n`,
  );
  stdout.write(`${family}: ${faces.length} faces for ${scripts.length} scripts\n`);
}
