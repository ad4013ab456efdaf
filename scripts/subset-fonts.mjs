// npm run fonts: splits each font face the templates and the builder use into two files, so that a page whose
// text is plain English downloads only the small one.
//
//   core: printable ASCII and the typographic marks people paste from word processors
//   rest: everything else in the Latin subset (accented letters, symbols), fetched by the
//         browser only when the page holds one of those characters (CSS unicode-range)
//
// Input: the Latin files of the @fontsource packages (SIL Open Font License). Output, committed:
// src/shared/templates/fonts/files/*.woff2 and one stylesheet per face next to them, which the
// templates' CSS and the builder's global.css import. Run again after upgrading a @fontsource package.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stdout } from 'node:process';
import subsetFont from 'subset-font';

const FACES = [
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 300, style: 'normal' },
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 300, style: 'italic' },
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 400, style: 'normal' },
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 600, style: 'normal' },
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 700, style: 'normal' },
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 900, style: 'normal' },
  { family: 'Open Sans', pkg: 'open-sans', weight: 300, style: 'normal' },
  { family: 'Open Sans', pkg: 'open-sans', weight: 400, style: 'normal' },
  { family: 'Open Sans', pkg: 'open-sans', weight: 600, style: 'normal' },
  { family: 'Open Sans', pkg: 'open-sans', weight: 700, style: 'normal' },
  { family: 'Raleway', pkg: 'raleway', weight: 200, style: 'normal' },
  { family: 'Raleway', pkg: 'raleway', weight: 300, style: 'normal' },
  { family: 'Raleway', pkg: 'raleway', weight: 700, style: 'normal' },
  // Faces only the font pairings use (templates/pairings.ts): declared by the templates that offer
  // them, fetched only by a page set in one.
  { family: 'Source Sans 3', pkg: 'source-sans-3', weight: 200, style: 'normal' },
  { family: 'Raleway', pkg: 'raleway', weight: 400, style: 'normal' },
  { family: 'Raleway', pkg: 'raleway', weight: 600, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 200, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 300, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 300, style: 'italic' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 400, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 600, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 700, style: 'normal' },
  { family: 'Noto Sans', pkg: 'noto-sans', weight: 900, style: 'normal' },
  // The serif pairing, in three weights and two italics: a 600 uses the nearest, which keeps a page
  // set in it within the 60 KB a public page may weigh. The light ones match the light Devanagari
  // serif of an intro, which a Latin word beside it would otherwise outweigh.
  { family: 'Noto Serif', pkg: 'noto-serif', weight: 300, style: 'normal', range: '100 300' },
  { family: 'Noto Serif', pkg: 'noto-serif', weight: 400, style: 'normal', range: '400 500' },
  { family: 'Noto Serif', pkg: 'noto-serif', weight: 300, style: 'italic', range: '100 300' },
  { family: 'Noto Serif', pkg: 'noto-serif', weight: 400, style: 'italic', range: '400 500' },
  { family: 'Noto Serif', pkg: 'noto-serif', weight: 700, style: 'normal', range: '600 900' },
];

/** Inclusive code point ranges. */
const range = (from, to = from) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// The ranges @fontsource's "latin" files cover (their unicode-range), minus control characters.
const LATIN = new Set([
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  0x131,
  0x152,
  0x153,
  0x2bb,
  0x2bc,
  0x2c6,
  0x2da,
  0x2dc,
  0x304,
  0x308,
  0x329,
  ...range(0x2000, 0x206f),
  0x20ac,
  0x2122,
  0x2191,
  0x2193,
  0x2212,
  0x2215,
  0xfeff,
  0xfffd,
]);

const CORE = new Set([
  ...range(0x20, 0x7e), // printable ASCII
  0xa0, // no-break space
  0xa9, // ©
  0xae, // ®
  0x2013, // – en dash
  0x2014, // — em dash
  0x2018, // ‘
  0x2019, // ’
  0x201c, // “
  0x201d, // ”
  0x2022, // •
  0x2026, // …
  0x2122, // ™
]);
const REST = new Set([...LATIN].filter((code) => !CORE.has(code)));

/** "U+20-7E, U+A0, ..." for a set of code points. */
function unicodeRange(codes) {
  const sorted = [...codes].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j += 1;
    const hex = (n) => n.toString(16).toUpperCase();
    parts.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return parts.join(', ');
}

const outDir = path.resolve('src/shared/templates/fonts');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(path.join(outDir, 'files'), { recursive: true });

for (const face of FACES) {
  const name = `${face.pkg}-${face.weight}${face.style === 'italic' ? '-italic' : ''}`;
  const source = readFileSync(
    path.resolve(
      `node_modules/@fontsource/${face.pkg}/files/${face.pkg}-latin-${face.weight}-${face.style}.woff2`,
    ),
  );
  const rules = [];
  for (const [part, codes] of [
    ['core', CORE],
    ['rest', REST],
  ]) {
    const text = String.fromCodePoint(...codes);
    const file = `${name}-${part}.woff2`;
    writeFileSync(
      path.join(outDir, 'files', file),
      await subsetFont(source, text, { targetFormat: 'woff2' }),
    );
    rules.push(
      [
        '@font-face {',
        `  font-family: '${face.family}';`,
        `  font-style: ${face.style};`,
        `  font-weight: ${face.range ?? face.weight};`,
        '  font-display: swap;',
        `  src: url('./files/${file}') format('woff2');`,
        `  unicode-range: ${unicodeRange(codes)};`,
        '}',
      ].join('\n'),
    );
  }
  writeFileSync(
    path.join(outDir, `${name}.css`),
    `/* ${face.family} ${face.weight} ${face.style}: generated by scripts/subset-fonts.mjs */\n${rules.join('\n')}\n`,
  );
  stdout.write(`${name}: ${source.length} bytes -> core + rest\n`);
}
