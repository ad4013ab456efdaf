// Generates the sample artwork used by the five portfolio templates: portraits, a logo mark,
// twelve project tiles and a page backdrop. Every image is drawn here from plain SVG shapes
// (no text, fonts, rasters or external references) and the output is deterministic: all
// variation comes from a seeded PRNG, so re-running the script rewrites identical files.
//
// Usage: node scripts/generate-artwork.mjs

import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { cwd, stdout } from 'node:process';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'src/client/public/templates/art');

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast, seedable PRNG returning floats in [0, 1). */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

/** Formats a number with at most one decimal, so the files stay small and stable. */
function fmt(n) {
  const v = Math.round(n * 10) / 10;
  return Object.is(v, -0) ? '0' : String(v);
}

/** Tagged template for path data and transforms: numbers are formatted with fmt(). */
function d(strings, ...values) {
  let out = strings[0];
  values.forEach((v, i) => {
    out += (typeof v === 'number' ? fmt(v) : String(v)) + strings[i + 1];
  });
  return out.replace(/\s+/g, ' ').trim();
}

function escapeXml(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Builds an element; attributes with undefined/null/false values are dropped. */
function el(tag, attrs = {}, ...children) {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? fmt(v) : escapeXml(v)}"`)
    .join('');
  const inner = children
    .flat(Infinity)
    .filter((c) => c !== undefined && c !== null && c !== false && c !== '')
    .join('');
  return inner ? `<${tag}${a}>${inner}</${tag}>` : `<${tag}${a}/>`;
}

const g = (attrs, ...children) => el('g', attrs, ...children);
const path = (dd, fill, extra = {}) => el('path', { d: dd, fill, ...extra });
const rect = (x, y, width, height, fill, extra = {}) =>
  el('rect', { x, y, width, height, fill, ...extra });
const circle = (cx, cy, r, fill, extra = {}) => el('circle', { cx, cy, r, fill, ...extra });
const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });
const poly = (points, fill, extra = {}) =>
  el('polygon', {
    points: points.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' '),
    fill,
    ...extra,
  });
const line = (x1, y1, x2, y2, stroke, width, extra = {}) =>
  el('line', { x1, y1, x2, y2, stroke, 'stroke-width': width, ...extra });

/** Gradient helpers: stops are [offset, color, opacity?]. */
function stops(list) {
  return list.map(([offset, color, opacity]) =>
    el('stop', { offset, 'stop-color': color, 'stop-opacity': opacity }),
  );
}
const linear = (id, [x1, y1, x2, y2], list) =>
  el('linearGradient', { id, x1, y1, x2, y2 }, stops(list));
const radial = (id, [cx, cy, r], list, extra = {}) =>
  el('radialGradient', { id, cx, cy, r, ...extra }, stops(list));

/** Smooth closed/open curve through points (Catmull-Rom converted to cubic Béziers). */
function smoothPath(points, closed = false) {
  const p = points;
  const n = p.length;
  const at = (i) => (closed ? p[(i + n) % n] : p[Math.max(0, Math.min(n - 1, i))]);
  let out = `M${fmt(p[0][0])} ${fmt(p[0][1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    out += `C${fmt(c1[0])} ${fmt(c1[1])} ${fmt(c2[0])} ${fmt(c2[1])} ${fmt(p2[0])} ${fmt(p2[1])}`;
  }
  return closed ? `${out}Z` : out;
}

/** Wraps content into a complete SVG document. */
function svgDoc({ width, height, title, defs = [], body }) {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
  ];
  const defsList = defs.flat(Infinity).filter(Boolean);
  if (defsList.length) parts.push(`<defs>${defsList.join('')}</defs>`);
  parts.push(...body.flat(Infinity).filter(Boolean));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Portraits (400 x 400, head-and-shoulders flat illustrations)
// ---------------------------------------------------------------------------------------------

// Shared geometry: the head is centred on x = 200, crown near y = 98, chin at y = 266.
const HEAD =
  'M138 168C138 120 164 96 200 96C236 96 262 120 262 168C262 204 255 229 240 246C228 259 214 266 200 266C186 266 172 259 160 246C145 229 138 204 138 168Z';
const NECK = 'M174 226L174 296C184 308 216 308 226 296L226 226Z';
const TORSO =
  'M46 400C48 350 76 320 126 306C148 300 164 294 174 288L226 288C236 294 252 300 274 306C324 320 352 350 354 400Z';

function ears(skin) {
  return [
    ellipse(140, 190, 11, 18, skin.base),
    ellipse(260, 190, 11, 18, skin.base),
    path('M136 182C132 188 133 196 138 200', 'none', {
      stroke: skin.shade,
      'stroke-width': 3,
      'stroke-linecap': 'round',
    }),
    path('M264 182C268 188 267 196 262 200', 'none', {
      stroke: skin.shade,
      'stroke-width': 3,
      'stroke-linecap': 'round',
    }),
  ];
}

function face(spec) {
  const { skin, eyes, lips, brows, mood = 'smile', lashes = false, browShape = 'soft' } = spec;
  const parts = [];
  // Cheeks.
  parts.push(ellipse(166, 220, 14, 8, skin.blush, { opacity: 0.35 }));
  parts.push(ellipse(234, 220, 14, 8, skin.blush, { opacity: 0.35 }));
  // Eyebrows.
  const browPaths =
    browShape === 'straight'
      ? ['M162 168Q176 162 190 166', 'M210 166Q224 162 238 168']
      : ['M162 170Q175 160 190 165', 'M210 165Q225 160 238 170'];
  for (const b of browPaths) {
    parts.push(
      path(b, 'none', {
        stroke: brows,
        'stroke-width': browShape === 'straight' ? 6 : 5,
        'stroke-linecap': 'round',
      }),
    );
  }
  // Eyes: dark almond shapes with a catch-light.
  for (const x of [177, 223]) {
    parts.push(ellipse(x, 190, 6, 7.5, eyes));
    parts.push(circle(x + 2, 187.5, 2, '#ffffff', { opacity: 0.9 }));
    if (lashes) {
      const outer = x < 200 ? -1 : 1;
      parts.push(
        path(d`M${x - 8 * outer} 186Q${x} 178 ${x + 8 * outer} 185L${x + 11 * outer} 181`, 'none', {
          stroke: eyes,
          'stroke-width': 2.5,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        }),
      );
    }
  }
  // Nose: a soft shadow on the shaded side plus the nostril line.
  parts.push(
    path(
      'M203 194C206 204 211 210 208 216C205 219 200 219 196 217C201 215 205 211 203 194Z',
      skin.shade,
      {
        opacity: 0.7,
      },
    ),
  );
  parts.push(
    path('M193 216Q200 222 207 216', 'none', {
      stroke: skin.shade,
      'stroke-width': 3,
      'stroke-linecap': 'round',
    }),
  );
  // Mouth.
  if (mood === 'grin') {
    parts.push(path('M182 234Q200 256 218 234Q200 240 182 234Z', lips));
    parts.push(
      path('M187 236Q200 241 213 236L211 240Q200 244 189 240Z', '#ffffff', { opacity: 0.95 }),
    );
  } else {
    parts.push(
      path('M185 236Q200 248 215 236', 'none', {
        stroke: lips,
        'stroke-width': 4.5,
        'stroke-linecap': 'round',
      }),
    );
  }
  return parts;
}

/** Shading clipped to the head: light comes from the upper left. */
function headShading(key, skin, hairShadowPath) {
  return g(
    { 'clip-path': `url(#${key}-head)` },
    ellipse(300, 200, 66, 120, skin.shade, { opacity: 0.45 }),
    hairShadowPath
      ? path(hairShadowPath, skin.shade, { opacity: 0.55, transform: 'translate(4 9)' })
      : '',
  );
}

function portrait(spec) {
  const {
    key,
    title,
    skin,
    background,
    hairBack = [],
    hairFront = [],
    clothes,
    extras = [],
  } = spec;
  const defs = [el('clipPath', { id: `${key}-head` }, path(HEAD)), ...(spec.defs ?? [])];
  const body = [
    background,
    hairBack,
    // Neck and its shadow under the jaw.
    path(NECK, skin.base),
    path('M174 236C184 262 216 262 226 236L226 270C214 284 186 284 174 270Z', skin.shade, {
      opacity: 0.8,
    }),
    clothes,
    ears(skin),
    path(HEAD, skin.base),
    headShading(key, skin, spec.hairShadow),
    face(spec),
    spec.beard ?? '',
    hairFront,
    extras,
  ];
  return svgDoc({ width: 400, height: 400, title, defs, body });
}

// --- Mini-port: coral and charcoal ---------------------------------------------------------

function portraitMiniport() {
  const key = 'mp';
  const skin = { base: '#dfa37f', shade: '#c3835f', light: '#f2c5a6', blush: '#e06c6c' };
  const hair = { base: '#3a231d', shade: '#26150f', light: '#5e3a2c' };
  const background = [
    rect(0, 0, 400, 400, '#f6d3d6'),
    circle(200, 210, 170, '#ea8a95'),
    circle(330, 80, 36, '#282828', { opacity: 0.9 }),
    circle(74, 320, 18, '#ffffff', { opacity: 0.6 }),
    path('M40 120a26 26 0 0 1 52 0', 'none', {
      stroke: '#282828',
      'stroke-width': 6,
      'stroke-linecap': 'round',
    }),
  ];
  const hairBack = [
    path(
      'M126 170C116 104 154 72 202 72C252 72 290 104 280 176C276 224 292 262 300 300C304 324 282 340 258 332L230 318L170 318L142 332C118 340 96 324 100 300C108 262 128 224 126 170Z',
      hair.base,
    ),
  ];
  const fringe =
    'M134 190C124 126 156 82 204 82C250 82 278 116 268 186C262 150 250 128 228 112C206 138 168 150 140 196Z';
  const hairFront = [
    path(fringe, hair.base),
    path('M228 100C248 110 262 130 266 158', 'none', {
      stroke: hair.light,
      'stroke-width': 5,
      'stroke-linecap': 'round',
      opacity: 0.8,
    }),
    path('M146 150C152 128 166 110 184 100', 'none', {
      stroke: hair.light,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.6,
    }),
    path('M118 250C116 276 122 298 134 314', 'none', {
      stroke: hair.light,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.5,
    }),
    path('M284 240C286 266 282 290 272 310', 'none', {
      stroke: hair.light,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.5,
    }),
  ];
  const clothes = [
    path(TORSO, '#282828'),
    path(
      'M126 306C148 300 164 294 174 288L190 300C160 320 140 360 136 400L96 400C98 350 108 320 126 306Z',
      '#3a3a3a',
      { opacity: 0.6 },
    ),
    // Turtleneck collar.
    path('M170 256C182 268 218 268 230 256L238 300C222 314 178 314 162 300Z', '#363636'),
    path('M166 282C182 296 218 296 234 282', 'none', { stroke: '#1c1c1c', 'stroke-width': 3 }),
    // Small pendant.
    circle(200, 330, 6, '#ea8a95'),
  ];
  const extras = [circle(138, 212, 4, '#f4d35e'), circle(262, 212, 4, '#f4d35e')];
  return portrait({
    key,
    title:
      'Illustrated portrait: a smiling woman with long dark wavy hair and a charcoal turtleneck on a coral background',
    skin,
    eyes: '#2a1a16',
    lips: '#b4505a',
    brows: hair.shade,
    lashes: true,
    mood: 'grin',
    background,
    hairBack,
    hairFront,
    hairShadow: fringe,
    clothes,
    extras,
  });
}

// --- Directive: green and plum-grey --------------------------------------------------------

function portraitDirective() {
  const key = 'dr';
  const skin = { base: '#f1c8a8', shade: '#d9a482', light: '#fde0c8', blush: '#ec8f84' };
  const hair = { base: '#7a4a2a', shade: '#5a341c', light: '#9c6640' };
  const dots = [];
  for (let y = 14; y < 400; y += 22) {
    for (let x = 14 + ((y / 22) % 2) * 11; x < 400; x += 22) dots.push(d`M${x} ${y}h0`);
  }
  const background = [
    rect(0, 0, 400, 400, '#4eb980'),
    path(dots.join(''), 'none', {
      stroke: '#ffffff',
      'stroke-width': 3,
      'stroke-linecap': 'round',
      opacity: 0.16,
    }),
    circle(200, 200, 150, '#5fc48e'),
    path('M0 400L0 330L200 270L400 330L400 400Z', '#3f9f6c', { opacity: 0.5 }),
  ];
  const hairTop =
    'M136 172C124 108 160 70 208 74C252 76 278 110 266 170C262 150 256 136 246 126C232 116 212 114 194 120C178 124 166 122 160 112C148 128 140 150 136 172Z';
  const hairFront = [
    path(hairTop, hair.base),
    path('M166 100C186 84 222 82 246 98M180 112C196 100 222 98 240 108', 'none', {
      stroke: hair.light,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.7,
    }),
    // Sideburns.
    path('M138 168L146 168L148 200L140 196Z', hair.base),
    path('M262 168L254 168L252 200L260 196Z', hair.base),
  ];
  const beard = [
    path(
      'M140 186C142 244 172 280 200 280C228 280 258 244 260 186C254 214 244 230 230 230C218 224 182 224 170 230C156 230 146 214 140 186Z',
      hair.base,
    ),
    path('M178 228C188 222 212 222 222 228C214 232 186 232 178 228Z', hair.shade),
    path('M186 238Q200 248 214 238', 'none', {
      stroke: '#b5614f',
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }),
    path('M168 254C184 268 216 268 232 254', 'none', {
      stroke: hair.light,
      'stroke-width': 3,
      'stroke-linecap': 'round',
      opacity: 0.5,
    }),
  ];
  const clothes = [
    path(TORSO, '#544d55'),
    // Shirt in the V of the jacket.
    path('M172 288L228 288L214 360L200 372L186 360Z', '#f4f4f2'),
    path('M174 286L200 318L226 286L232 296L204 332L196 332L168 296Z', '#ffffff'),
    path('M196 322L204 322L210 400L190 400Z', '#4eb980'),
    // Lapels.
    path('M160 294L182 336L170 344L188 400L132 400L128 330Z', '#635b64'),
    path('M240 294L218 336L230 344L212 400L268 400L272 330Z', '#4a434b'),
    path('M126 306C148 300 160 296 164 294L130 400L46 400C48 350 76 320 126 306Z', '#4a434b', {
      opacity: 0.35,
    }),
  ];
  return portrait({
    key,
    title:
      'Illustrated portrait: a friendly bearded man with short brown hair, a plum-grey jacket and a green tie on a dotted green background',
    skin,
    eyes: '#2b2420',
    lips: '#b5614f',
    brows: hair.shade,
    browShape: 'straight',
    mood: 'smile',
    background,
    hairFront,
    hairShadow: hairTop,
    beard,
    clothes,
  });
}

// --- Hyperspace: violet, indigo and magenta on deep purple ---------------------------------

function portraitHyperspace() {
  const key = 'hs';
  const rnd = prng(3031);
  const skin = { base: '#8a563a', shade: '#6b3e27', light: '#a8704e', blush: '#c4536a' };
  const hair = { base: '#1c1224', shade: '#120a18', light: '#3c2752' };
  const defs = [
    linear(
      `${key}-bg`,
      [0, 0, 1, 1],
      [
        [0, '#5e42a6'],
        [0.55, '#5052b5'],
        [1, '#b74e91'],
      ],
    ),
    radial(
      `${key}-glow`,
      [0.5, 0.45, 0.5],
      [
        [0, '#ffffff', 0.22],
        [1, '#ffffff', 0],
      ],
    ),
  ];
  const background = [
    rect(0, 0, 400, 400, '#312450'),
    circle(200, 200, 172, `url(#${key}-bg)`),
    circle(200, 180, 150, `url(#${key}-glow)`),
    circle(70, 80, 3, '#ffffff', { opacity: 0.7 }),
    circle(336, 60, 2, '#ffffff', { opacity: 0.6 }),
    circle(350, 300, 3, '#ffffff', { opacity: 0.5 }),
    circle(40, 250, 2, '#ffffff', { opacity: 0.5 }),
  ];
  // A cloud of overlapping circles makes the afro.
  const puffs = [];
  const highlights = [];
  for (let i = 0; i < 26; i++) {
    const a = (i / 26) * Math.PI * 2;
    const rx = 112 + rnd.range(-6, 6);
    const ry = 100 + rnd.range(-6, 6);
    const x = 200 + Math.cos(a) * rx;
    const y = 156 + Math.sin(a) * ry * (Math.sin(a) > 0 ? 0.9 : 1);
    if (y > 250) continue;
    puffs.push(circle(x, y, rnd.range(26, 34), hair.base));
  }
  // Curl texture: short light arcs scattered over the hair, away from the face.
  for (let i = 0; i < 60; i++) {
    const a = rnd.range(0, Math.PI * 2);
    const k = Math.sqrt(rnd.next());
    const x = 200 + Math.cos(a) * 124 * k;
    const y = 150 + Math.sin(a) * 104 * k;
    if (y > 236 || (x > 128 && x < 272 && y > 96)) continue;
    highlights.push(
      path(d`M${x - 6} ${y}a6 6 0 0 1 12 0`, 'none', {
        transform: d`rotate(${rnd.int(-40, 40)} ${x} ${y})`,
      }),
    );
  }
  const hairBack = [
    ellipse(200, 160, 118, 104, hair.base),
    puffs,
    g(
      {
        fill: 'none',
        stroke: hair.light,
        'stroke-width': 3,
        'stroke-linecap': 'round',
        opacity: 0.5,
      },
      highlights,
    ),
  ];
  const hairline =
    'M137 204C130 124 166 86 200 86C234 86 270 124 263 204C257 192 255 172 252 160C240 138 222 126 200 124C178 126 160 138 148 160C145 172 143 192 137 204Z';
  const hairFront = [path(hairline, hair.base)];
  const clothes = [
    path(TORSO, '#b74e91'),
    path('M174 288C180 318 220 318 226 288L232 292C226 330 174 330 168 292Z', '#9c3d7a'),
    path(
      'M126 306C148 300 164 294 174 288C170 320 150 360 146 400L46 400C48 350 76 320 126 306Z',
      '#9c3d7a',
      {
        opacity: 0.5,
      },
    ),
    // Necklace.
    path('M176 296C186 324 214 324 224 296', 'none', { stroke: '#f5c45e', 'stroke-width': 3 }),
    circle(200, 318, 6, '#f5c45e'),
  ];
  const extras = [
    // Hoop earrings.
    circle(140, 220, 10, 'none', { stroke: '#f5c45e', 'stroke-width': 3.5 }),
    circle(260, 220, 10, 'none', { stroke: '#f5c45e', 'stroke-width': 3.5 }),
  ];
  return portrait({
    key,
    title:
      'Illustrated portrait: a smiling woman with a voluminous afro, gold hoop earrings and a magenta top on a violet-to-magenta gradient',
    skin,
    eyes: '#1b0f0c',
    lips: '#5a2424',
    brows: hair.base,
    lashes: true,
    mood: 'grin',
    defs,
    background,
    hairBack,
    hairFront,
    hairShadow: hairline,
    clothes,
    extras,
  });
}

// --- Solid-State: slate and steel blue -----------------------------------------------------

function portraitSolidState() {
  const key = 'ss';
  const skin = { base: '#eec39f', shade: '#d39f7b', light: '#fbdcc2', blush: '#e78f86' };
  const hair = { base: '#1d1e26', shade: '#101117', light: '#3c3f52' };
  const defs = [
    linear(
      `${key}-bg`,
      [0, 0, 0, 1],
      [
        [0, '#3a3f58'],
        [1, '#2e3141'],
      ],
    ),
  ];
  const background = [
    rect(0, 0, 400, 400, `url(#${key}-bg)`),
    path('M0 120L400 40L400 150L0 230Z', '#4c5c96', { opacity: 0.55 }),
    path('M0 260L400 180L400 200L0 280Z', '#4c5c96', { opacity: 0.35 }),
    path('M0 400L0 330L400 250L400 400Z', '#252836'),
  ];
  const hairTop =
    'M134 176C124 112 160 76 206 76C252 76 280 110 266 178C262 150 254 132 240 118C214 126 184 116 168 100C160 122 148 146 134 176Z';
  const hairFront = [
    path(hairTop, hair.base),
    path('M172 96C196 114 226 118 248 110', 'none', {
      stroke: hair.light,
      'stroke-width': 5,
      'stroke-linecap': 'round',
      opacity: 0.8,
    }),
  ];
  const clothes = [
    path(TORSO, '#4c5c96'),
    // Crew-neck sweater over a shirt collar.
    path('M168 286C178 312 222 312 232 286L242 292C232 328 168 328 158 292Z', '#3e4c80'),
    path('M174 286L200 310L184 322L164 296Z', '#e8eaf2'),
    path('M226 286L200 310L216 322L236 296Z', '#d4d8e6'),
    path(
      'M126 306C148 300 164 294 168 292C160 330 150 360 146 400L46 400C48 350 76 320 126 306Z',
      '#3e4c80',
      {
        opacity: 0.6,
      },
    ),
    // Knit ribs on the collar.
    path('M162 300C180 324 220 324 238 300', 'none', { stroke: '#5b6ca8', 'stroke-width': 2 }),
  ];
  const glassesStyle = { stroke: '#1f2233', 'stroke-width': 4.5, 'stroke-linejoin': 'round' };
  const extras = [
    g(
      {},
      el('rect', {
        x: 156,
        y: 176,
        width: 40,
        height: 30,
        rx: 9,
        fill: '#ffffff',
        'fill-opacity': 0.12,
        ...glassesStyle,
      }),
      el('rect', {
        x: 204,
        y: 176,
        width: 40,
        height: 30,
        rx: 9,
        fill: '#ffffff',
        'fill-opacity': 0.12,
        ...glassesStyle,
      }),
      path('M196 188Q200 184 204 188', 'none', glassesStyle),
      path('M156 186L140 182M244 186L260 182', 'none', glassesStyle),
      path('M162 200L172 182', 'none', { stroke: '#ffffff', 'stroke-width': 2.5, opacity: 0.45 }),
      path('M210 200L220 182', 'none', { stroke: '#ffffff', 'stroke-width': 2.5, opacity: 0.45 }),
    ),
  ];
  return portrait({
    key,
    title:
      'Illustrated portrait: a man with swept black hair and round-cornered glasses, wearing a steel-blue sweater over a white collar, on a slate background',
    skin,
    eyes: '#1d1a1a',
    lips: '#b56a5c',
    brows: hair.base,
    browShape: 'straight',
    mood: 'smile',
    defs,
    background,
    hairFront,
    hairShadow: hairTop,
    clothes,
    extras,
  });
}

// --- Phantom: pastel tiles -----------------------------------------------------------------

function portraitPhantom() {
  const key = 'ph';
  const skin = { base: '#cc9270', shade: '#b07453', light: '#e2b090', blush: '#e0717a' };
  const hair = { base: '#4a2b3f', shade: '#311b2a', light: '#6e4560' };
  const background = [
    rect(0, 0, 200, 200, '#f2849e'),
    rect(200, 0, 200, 200, '#7ecaf6'),
    rect(0, 200, 200, 200, '#ae85ca'),
    rect(200, 200, 200, 200, '#8499e7'),
    circle(200, 200, 160, '#fdf6f0'),
    circle(200, 200, 160, 'none', { stroke: '#ffffff', 'stroke-width': 10, opacity: 0.7 }),
  ];
  const hairBack = [
    circle(200, 74, 38, hair.base),
    path('M176 60C188 48 210 44 226 54', 'none', {
      stroke: hair.light,
      'stroke-width': 5,
      'stroke-linecap': 'round',
      opacity: 0.7,
    }),
    // Short bob behind the face.
    path(
      'M128 180C122 118 158 90 200 90C242 90 278 118 272 180C272 220 278 246 268 262C252 272 236 262 232 250L168 250C164 262 148 272 132 262C122 246 128 220 128 180Z',
      hair.base,
    ),
  ];
  const bangs =
    'M132 186C126 128 160 94 200 94C240 94 274 128 268 186C262 160 250 142 236 134C232 146 224 152 214 154C216 142 212 134 206 128C196 148 170 158 146 158C140 166 136 176 132 186Z';
  const hairFront = [
    path(bangs, hair.base),
    path('M160 116C176 104 198 100 220 104', 'none', {
      stroke: hair.light,
      'stroke-width': 5,
      'stroke-linecap': 'round',
      opacity: 0.7,
    }),
  ];
  const clothes = [
    path(TORSO, '#7bd0c1'),
    path(
      'M126 306C148 300 164 294 174 288C172 320 160 360 156 400L46 400C48 350 76 320 126 306Z',
      '#5fb7a7',
      {
        opacity: 0.6,
      },
    ),
    path('M172 288C180 312 220 312 228 288L234 292C226 324 174 324 166 292Z', '#5fb7a7'),
    // A pin badge.
    circle(268, 350, 13, '#f2849e'),
    circle(268, 350, 5, '#ffffff'),
  ];
  const extras = [circle(139, 214, 5, '#7ecaf6'), circle(261, 214, 5, '#7ecaf6')];
  return portrait({
    key,
    title:
      'Illustrated portrait: a smiling woman with a plum bob and top bun in a mint top, on pastel pink, blue and violet tiles',
    skin,
    eyes: '#24161b',
    lips: '#8e3a45',
    brows: hair.base,
    lashes: true,
    mood: 'grin',
    background,
    hairBack,
    hairFront,
    hairShadow: bangs,
    clothes,
    extras,
  });
}

// ---------------------------------------------------------------------------------------------
// Logo (64 x 64)
// ---------------------------------------------------------------------------------------------

function logo() {
  // An isometric cube: ink faces with a pastel top, drawn as three rhombi.
  const c = 32;
  const top = [
    [c, 6],
    [c + 23, 19],
    [c, 32],
    [c - 23, 19],
  ];
  const left = [
    [c - 23, 19],
    [c, 32],
    [c, 58],
    [c - 23, 45],
  ];
  const right = [
    [c, 32],
    [c + 23, 19],
    [c + 23, 45],
    [c, 58],
  ];
  // Shrink each face towards its centre so thin white seams separate the faces.
  const inset = (pts, k = 0.9) => {
    const cx = pts.reduce((a, p) => a + p[0], 0) / pts.length;
    const cy = pts.reduce((a, p) => a + p[1], 0) / pts.length;
    return pts.map(([x, y]) => [cx + (x - cx) * k, cy + (y - cy) * k]);
  };
  return svgDoc({
    width: 64,
    height: 64,
    title: 'Logo: an isometric cube with a pink top and dark grey sides',
    body: [
      poly(inset(top), '#f2849e'),
      poly(inset(left), '#585858'),
      poly(inset(right), '#3b3b3b'),
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Project tiles (800 x 500)
// ---------------------------------------------------------------------------------------------

const tile = (title, defs, body) => svgDoc({ width: 800, height: 500, title, defs, body });

/** Midpoint-displacement ridge line from x = 0 to x = 800, returned as a closed polygon. */
function ridge(rnd, baseY, roughness, depth = 6) {
  let pts = [
    [0, baseY + rnd.range(-roughness, roughness) / 2],
    [800, baseY + rnd.range(-roughness, roughness) / 2],
  ];
  let amp = roughness;
  for (let i = 0; i < depth; i++) {
    const next = [];
    for (let j = 0; j < pts.length - 1; j++) {
      const [x1, y1] = pts[j];
      const [x2, y2] = pts[j + 1];
      next.push(pts[j], [(x1 + x2) / 2, (y1 + y2) / 2 + rnd.range(-amp, amp)]);
    }
    next.push(pts[pts.length - 1]);
    pts = next;
    amp *= 0.55;
  }
  return [...pts, [800, 500], [0, 500]];
}

function tileGeometric() {
  const dots = [];
  for (let i = 0; i < 5; i++)
    for (let j = 0; j < 4; j++) dots.push(circle(584 + i * 26, 214 + j * 26, 5, '#23395b'));
  return tile(
    'Geometric composition: overlapping circles, half-circles and bars in navy, mustard, vermilion and green on cream',
    [el('clipPath', { id: 't1-left' }, rect(0, 0, 300, 500))],
    [
      rect(0, 0, 800, 500, '#efe6d6'),
      rect(0, 0, 300, 500, '#23395b'),
      circle(300, 250, 150, '#f2b134'),
      g({ 'clip-path': 'url(#t1-left)' }, circle(300, 250, 150, '#e4572e')),
      circle(300, 250, 58, '#efe6d6'),
      g({ 'clip-path': 'url(#t1-left)' }, circle(300, 250, 58, '#23395b')),
      path('M800 0L800 210A210 210 0 0 1 590 0Z', '#3f8f6b'),
      path('M360 500A180 180 0 0 1 720 500Z', '#e4572e'),
      path('M430 500A110 110 0 0 1 650 500Z', '#efe6d6'),
      path('M480 500A60 60 0 0 1 600 500Z', '#23395b'),
      rect(470, 70, 220, 24, '#23395b'),
      rect(470, 112, 140, 24, '#e4572e'),
      dots,
      circle(110, 110, 44, 'none', { stroke: '#f2b134', 'stroke-width': 14 }),
      poly(
        [
          [40, 460],
          [130, 460],
          [40, 370],
        ],
        '#3f8f6b',
      ),
      line(700, 180, 760, 420, '#23395b', 6, { 'stroke-linecap': 'round' }),
      circle(742, 300, 18, '#f2b134'),
    ],
  );
}

function tileMountains() {
  const rnd = prng(2024);
  const layers = [
    { y: 250, r: 110, top: '#a77ba8', bottom: '#e6a8a3' },
    { y: 300, r: 90, top: '#7a5590', bottom: '#c98a9e' },
    { y: 350, r: 70, top: '#4f3a70', bottom: '#8f6a95' },
    { y: 410, r: 50, top: '#2c2348', bottom: '#4f3f6e' },
  ];
  const defs = [
    linear(
      't2-sky',
      [0, 0, 0, 1],
      [
        [0, '#2d2a5a'],
        [0.45, '#8e5a8f'],
        [0.78, '#f2a07b'],
        [1, '#fcd7a3'],
      ],
    ),
    radial(
      't2-glow',
      [0.5, 0.5, 0.5],
      [
        [0, '#fff1cf', 0.7],
        [1, '#fff1cf', 0],
      ],
    ),
    layers.map((l, i) =>
      linear(
        `t2-l${i}`,
        [0, 0, 0, 1],
        [
          [0, l.top],
          [1, l.bottom],
        ],
      ),
    ),
  ];
  const trees = [];
  for (let x = -10; x < 820; x += rnd.range(16, 34)) {
    const h = rnd.range(40, 90);
    const base = 500 - rnd.range(0, 30);
    const w = h * 0.32;
    trees.push(
      d`M${x} ${base - h}L${x + w * 0.6} ${base - h * 0.55}L${x + w * 0.3} ${base - h * 0.55}L${x + w} ${base}L${x - w} ${base}L${x - w * 0.3} ${base - h * 0.55}L${x - w * 0.6} ${base - h * 0.55}Z`,
    );
  }
  const stars = [];
  for (let i = 0; i < 40; i++)
    stars.push(
      circle(rnd.range(0, 800), rnd.range(0, 150), rnd.range(0.6, 1.6), '#ffffff', {
        opacity: rnd.range(0.3, 0.8),
      }),
    );
  return tile(
    'Mountain landscape at sunset: layered violet ridges, a pale sun, stars and a pine forest silhouette',
    defs,
    [
      rect(0, 0, 800, 500, 'url(#t2-sky)'),
      stars,
      circle(540, 250, 150, 'url(#t2-glow)'),
      circle(540, 250, 62, '#fff1cf'),
      layers.map((l, i) => poly(ridge(rnd, l.y, l.r), `url(#t2-l${i})`)),
      path(trees.join(''), '#1c1733'),
      path(
        'M180 120q8 -8 16 0q8 -8 16 0M226 100q6 -6 12 0q6 -6 12 0M150 150q5 -5 10 0q5 -5 10 0',
        'none',
        {
          stroke: '#2d2a5a',
          'stroke-width': 3,
          'stroke-linecap': 'round',
          'stroke-linejoin': 'round',
        },
      ),
    ],
  );
}

function tileArchitecture() {
  const arches = [];
  const light = [];
  const xs = [80, 250, 420, 590];
  for (const x of xs) {
    const w = 130;
    arches.push(
      path(
        d`M${x} 400L${x} ${235}A${w / 2} ${w / 2} 0 0 1 ${x + w} 235L${x + w} 400Z`,
        'url(#t3-in)',
      ),
    );
    arches.push(
      path(
        d`M${x + 30} 400L${x + 30} ${262}A${w / 2 - 30} ${w / 2 - 30} 0 0 1 ${x + w - 30} 262L${x + w - 30} 400Z`,
        '#b8563f',
        { opacity: 0.7 },
      ),
    );
    light.push(
      poly(
        [
          [x, 400],
          [x + w, 400],
          [x + w + 110, 500],
          [x + 110, 500],
        ],
        '#fbe3c8',
        { opacity: 0.75 },
      ),
    );
  }
  return tile(
    'Architecture: a terracotta arcade of four round arches casting long light across a sunlit floor',
    [
      linear(
        't3-sky',
        [0, 0, 0, 1],
        [
          [0, '#f9e3c7'],
          [1, '#f4b98c'],
        ],
      ),
      linear(
        't3-in',
        [0, 0, 0, 1],
        [
          [0, '#6e2f28'],
          [1, '#a84c3a'],
        ],
      ),
      linear(
        't3-wall',
        [0, 0, 1, 0],
        [
          [0, '#e9967a'],
          [1, '#dc7f64'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, 'url(#t3-sky)'),
      circle(660, 90, 46, '#fff4e0'),
      circle(140, 70, 22, '#fbd3ab'),
      rect(40, 140, 720, 260, 'url(#t3-wall)'),
      rect(30, 124, 740, 22, '#c8674f'),
      rect(30, 146, 740, 8, '#b3583f', { opacity: 0.6 }),
      circle(400, 182, 16, '#a84c3a'),
      circle(400, 182, 10, '#6e2f28'),
      arches,
      rect(0, 400, 800, 100, '#eab48c'),
      light,
      rect(0, 400, 800, 6, '#c8674f', { opacity: 0.6 }),
      // A potted cypress at the right edge.
      ellipse(768, 300, 20, 90, '#3e6b4d'),
      path('M768 220L768 380', 'none', { stroke: '#2f553c', 'stroke-width': 3 }),
      path('M748 380L788 380L782 420L754 420Z', '#c8674f'),
    ],
  );
}

function tileCamera() {
  const photo = (x, y, rot, sky) =>
    g(
      { transform: d`rotate(${rot} ${x + 80} ${y + 95})` },
      rect(x + 6, y + 8, 160, 190, '#000000', { opacity: 0.18, rx: 4 }),
      rect(x, y, 160, 190, '#fbf8f2', { rx: 4 }),
      rect(x + 12, y + 12, 136, 136, sky),
      circle(x + 100, y + 60, 16, '#ffe8b0'),
      path(
        d`M${x + 12} ${y + 148}L${x + 12} ${y + 110}L${x + 56} ${y + 74}L${x + 96} ${y + 118}L${x + 120} ${y + 96}L${x + 148} ${y + 124}L${x + 148} ${y + 148}Z`,
        '#264653',
        { opacity: 0.85 },
      ),
    );
  return tile(
    'Photography: a cream retro camera with a large glass lens in front of two instant photos on a teal background',
    [
      linear(
        't4-bg',
        [0, 0, 1, 1],
        [
          [0, '#2a9d8f'],
          [1, '#1d5c63'],
        ],
      ),
      radial(
        't4-glass',
        [0.4, 0.35, 0.7],
        [
          [0, '#6fb3d2'],
          [0.55, '#274b7a'],
          [1, '#0d1b2a'],
        ],
      ),
      linear(
        't4-s1',
        [0, 0, 0, 1],
        [
          [0, '#f4a261'],
          [1, '#e76f51'],
        ],
      ),
      linear(
        't4-s2',
        [0, 0, 0, 1],
        [
          [0, '#8ecae6'],
          [1, '#e9c46a'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, 'url(#t4-bg)'),
      circle(120, 420, 180, '#ffffff', { opacity: 0.06 }),
      circle(700, 60, 140, '#ffffff', { opacity: 0.06 }),
      photo(90, 110, -12, 'url(#t4-s1)'),
      photo(560, 120, 10, 'url(#t4-s2)'),
      ellipse(400, 392, 180, 18, '#0d2f33', { opacity: 0.35 }),
      // Camera body.
      path('M286 150L300 118L378 118L392 150Z', '#e8e1d3'),
      rect(250, 146, 300, 220, '#f4efe6', { rx: 26 }),
      rect(250, 206, 300, 120, '#2f2f35'),
      rect(250, 146, 300, 14, '#ffffff', { opacity: 0.5, rx: 7 }),
      rect(460, 166, 62, 26, '#cfd8dc', { rx: 5 }),
      rect(466, 171, 50, 16, '#ffffff', { opacity: 0.6, rx: 3 }),
      rect(470, 128, 36, 18, '#e76f51', { rx: 6 }),
      circle(282, 178, 9, '#2f2f35'),
      // Lens.
      circle(400, 266, 100, '#d9d2c5'),
      circle(400, 266, 88, '#25252b'),
      circle(400, 266, 74, '#3c3c45'),
      circle(400, 266, 74, 'none', {
        stroke: '#55555f',
        'stroke-width': 4,
        'stroke-dasharray': '4 6',
      }),
      circle(400, 266, 58, 'url(#t4-glass)'),
      circle(400, 266, 22, '#0d1b2a'),
      path('M360 240A48 48 0 0 1 404 218', 'none', {
        stroke: '#ffffff',
        'stroke-width': 7,
        'stroke-linecap': 'round',
        opacity: 0.55,
      }),
      circle(424, 290, 6, '#ffffff', { opacity: 0.5 }),
    ],
  );
}

const LETTER_A =
  'M110 450L250 60L330 60L470 450L392 450L364 362L216 362L188 450ZM236 300L344 300L290 140Z';
const LETTER_RING =
  'M364 340a106 106 0 1 0 212 0a106 106 0 1 0 -212 0ZM408 340a62 62 0 1 0 124 0a62 62 0 1 0 -124 0Z';

function tilePoster() {
  const bars = [];
  const rnd = prng(55);
  for (let i = 0; i < 7; i++)
    bars.push(rect(600, 300 + i * 18, rnd.range(90, 150), 6, '#f7f3e9', { opacity: 0.55, rx: 3 }));
  const crop = (x, y, sx, sy) =>
    path(d`M${x} ${y + sy * 18}V${y}H${x + sx * 18}`, 'none', {
      stroke: '#f7f3e9',
      'stroke-width': 2,
      opacity: 0.5,
    });
  return tile(
    'Typography poster: oversized geometric letterforms in coral and yellow with a teal circle, text lines and crop marks on ink blue',
    [
      el('clipPath', { id: 't5-circle' }, circle(470, 150, 110)),
      el(
        'clipPath',
        { id: 't5-a' },
        path(LETTER_RING, undefined, { 'clip-rule': 'evenodd' }),
        rect(532, 220, 44, 230),
      ),
    ],
    [
      rect(0, 0, 800, 500, '#1b1d2a'),
      path('M0 125H800M0 250H800M0 375H800M200 0V500M400 0V500M600 0V500', 'none', {
        stroke: '#ffffff',
        'stroke-width': 1,
        opacity: 0.06,
      }),
      circle(470, 150, 110, '#06a77d'),
      // Letter A, then a lowercase a; where they overlap an overprint colour is drawn.
      path(LETTER_A, '#ef476f', { 'fill-rule': 'evenodd' }),
      g({ 'clip-path': 'url(#t5-circle)' }, path(LETTER_A, '#f7a1a8', { 'fill-rule': 'evenodd' })),
      path(LETTER_RING, '#ffd166', { 'fill-rule': 'evenodd' }),
      rect(532, 220, 44, 230, '#ffd166'),
      g({ 'clip-path': 'url(#t5-a)' }, path(LETTER_A, '#ff8c5a', { 'fill-rule': 'evenodd' })),
      rect(600, 60, 150, 22, '#f7f3e9', { rx: 2 }),
      rect(600, 96, 110, 22, '#f7f3e9', { rx: 2 }),
      rect(600, 140, 60, 8, '#06d6a0', { rx: 4 }),
      bars,
      circle(740, 440, 12, '#ef476f'),
      crop(24, 24, 1, 1),
      crop(776, 24, -1, 1),
      crop(24, 476, 1, -1),
      crop(776, 476, -1, -1),
    ],
  );
}

function tileUiMockup() {
  const card = (x, y, color) => [
    rect(x, y, 140, 108, '#ffffff', { rx: 10, stroke: '#e6e8f2', 'stroke-width': 2 }),
    rect(x + 10, y + 10, 120, 54, color, { rx: 6 }),
    rect(x + 10, y + 74, 90, 8, '#3d4260', { rx: 4 }),
    rect(x + 10, y + 88, 60, 6, '#b8bdd6', { rx: 3 }),
  ];
  const row = (y, color, w) => [
    circle(588, y + 14, 12, color),
    rect(608, y + 6, w, 8, '#3d4260', { rx: 4 }),
    rect(608, y + 20, w * 0.6, 6, '#b8bdd6', { rx: 3 }),
  ];
  return tile(
    'User-interface mock-up: a website in a browser window with a hero image, a button and cards, beside a phone showing a chart and a list',
    [
      linear(
        't6-bg',
        [0, 0, 1, 1],
        [
          [0, '#5b6cf0'],
          [1, '#b26cf0'],
        ],
      ),
      linear(
        't6-hero',
        [0, 0, 1, 1],
        [
          [0, '#ffb199'],
          [1, '#ff6f91'],
        ],
      ),
      el(
        'filter',
        { id: 't6-shadow', x: '-20%', y: '-20%', width: '140%', height: '150%' },
        el('feDropShadow', {
          dx: 0,
          dy: 14,
          stdDeviation: 14,
          'flood-color': '#1c1450',
          'flood-opacity': 0.35,
        }),
      ),
    ],
    [
      rect(0, 0, 800, 500, 'url(#t6-bg)'),
      circle(720, 70, 120, '#ffffff', { opacity: 0.08 }),
      circle(60, 460, 150, '#ffffff', { opacity: 0.08 }),
      g({ filter: 'url(#t6-shadow)' }, rect(70, 60, 500, 380, '#f6f7fc', { rx: 14 })),
      path('M70 96V74a14 14 0 0 1 14 -14h472a14 14 0 0 1 14 14v22Z', '#e6e8f2'),
      circle(92, 78, 6, '#ff6b6b'),
      circle(112, 78, 6, '#ffd166'),
      circle(132, 78, 6, '#06d6a0'),
      rect(170, 70, 300, 16, '#ffffff', { rx: 8 }),
      // Navigation.
      rect(94, 114, 28, 28, '#5b6cf0', { rx: 8 }),
      rect(330, 124, 44, 8, '#8a90b0', { rx: 4 }),
      rect(388, 124, 44, 8, '#8a90b0', { rx: 4 }),
      rect(446, 124, 44, 8, '#8a90b0', { rx: 4 }),
      rect(504, 118, 44, 20, '#5b6cf0', { rx: 10 }),
      // Hero.
      rect(94, 170, 170, 16, '#2b2f4a', { rx: 5 }),
      rect(94, 194, 140, 16, '#2b2f4a', { rx: 5 }),
      rect(94, 222, 160, 7, '#b8bdd6', { rx: 3.5 }),
      rect(94, 236, 130, 7, '#b8bdd6', { rx: 3.5 }),
      rect(94, 258, 96, 28, '#ff6f91', { rx: 14 }),
      rect(290, 160, 256, 130, 'url(#t6-hero)', { rx: 10 }),
      circle(490, 196, 18, '#fff3d6'),
      path(
        'M290 260L350 210L400 250L440 226L546 280V280a10 10 0 0 1 -10 10H300a10 10 0 0 1 -10 -10Z',
        '#ffffff',
        { opacity: 0.45 },
      ),
      card(94, 310, '#8ecae6'),
      card(250, 310, '#ffd166'),
      card(406, 310, '#06d6a0'),
      // Phone.
      g({ filter: 'url(#t6-shadow)' }, rect(556, 110, 184, 350, '#1f2340', { rx: 28 })),
      rect(566, 120, 164, 330, '#ffffff', { rx: 20 }),
      rect(626, 128, 44, 8, '#1f2340', { rx: 4 }),
      rect(580, 150, 90, 10, '#2b2f4a', { rx: 5 }),
      rect(580, 168, 136, 92, '#f0f1fb', { rx: 10 }),
      [24, 48, 36, 62, 44, 70].map((h, i) =>
        rect(592 + i * 20, 248 - h, 12, h, i === 5 ? '#ff6f91' : '#5b6cf0', { rx: 3 }),
      ),
      row(276, '#ffd166', 96),
      row(316, '#06d6a0', 80),
      row(356, '#8ecae6', 104),
      rect(580, 404, 136, 32, '#5b6cf0', { rx: 16 }),
    ],
  );
}

function tileWaves() {
  const rnd = prng(777);
  const colors = ['#a8dadc', '#7fc4c9', '#4fa3b0', '#2f7f97', '#1d5f7e', '#143f62', '#0b2a47'];
  const bands = [];
  const foam = [];
  colors.forEach((color, i) => {
    const base = 230 + i * 38;
    const amp = rnd.range(8, 16) + i * 1.5;
    const len = rnd.range(150, 240);
    const phase = rnd.range(0, Math.PI * 2);
    const pts = [];
    for (let x = -40; x <= 840; x += 40)
      pts.push([x, base + Math.sin((x / len) * Math.PI * 2 + phase) * amp]);
    bands.push(path(`${smoothPath(pts)}L840 500L-40 500Z`, color));
    foam.push(
      path(smoothPath(pts.map(([x, y]) => [x, y + 5])), 'none', {
        stroke: '#ffffff',
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
        'stroke-dasharray': `${fmt(rnd.range(30, 80))} ${fmt(rnd.range(20, 50))}`,
        opacity: 0.35 - i * 0.03,
      }),
    );
  });
  const layered = [];
  bands.forEach((b, i) => layered.push(b, foam[i]));
  return tile(
    'Waves: layered sea-green and deep-blue wave bands with foam lines under a warm sky with a low sun and a small sailboat',
    [
      linear(
        't7-sky',
        [0, 0, 0, 1],
        [
          [0, '#fde2c3'],
          [1, '#f8b68c'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, 'url(#t7-sky)'),
      circle(250, 210, 70, '#f4845f'),
      circle(250, 210, 100, '#f4845f', { opacity: 0.18 }),
      layered.slice(0, 2),
      // Sailboat riding the second band.
      path('M560 236L600 236L594 246L566 246Z', '#3d2c2e'),
      path('M580 232L580 168L610 230Z', '#fffaf2'),
      path('M577 232L577 180L556 230Z', '#f4845f'),
      layered.slice(2),
      path('M640 120q7 -7 14 0q7 -7 14 0M680 96q5 -5 10 0q5 -5 10 0', 'none', {
        stroke: '#6b4a4a',
        'stroke-width': 3,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    ],
  );
}

function tileCircles() {
  const rnd = prng(4242);
  const palette = ['#14213d', '#fca311', '#e5e5e5', '#e63946', '#2a9d8f', '#8ecae6'];
  const cells = [];
  const size = 100;
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 8; col++) {
      const x = col * size;
      const y = row * size;
      const bg = rnd.chance(0.45) ? '#14213d' : rnd.pick(palette);
      let fg = rnd.pick(palette);
      while (fg === bg) fg = rnd.pick(palette);
      const cx = x + size / 2;
      const cy = y + size / 2;
      cells.push(rect(x, y, size, size, bg));
      const kind = rnd.int(0, 5);
      const rot = rnd.int(0, 3) * 90;
      if (kind === 0) cells.push(circle(cx, cy, 40, fg));
      else if (kind === 1)
        cells.push(
          path(d`M${x} ${cy}A50 50 0 0 1 ${x + size} ${cy}Z`, fg, {
            transform: d`rotate(${rot} ${cx} ${cy})`,
          }),
        );
      else if (kind === 2)
        cells.push(
          path(d`M${x} ${y}H${x + size}A100 100 0 0 1 ${x} ${y + size}Z`, fg, {
            transform: d`rotate(${rot} ${cx} ${cy})`,
          }),
        );
      else if (kind === 3) {
        cells.push(circle(cx, cy, 38, 'none', { stroke: fg, 'stroke-width': 8 }));
        cells.push(circle(cx, cy, 20, 'none', { stroke: fg, 'stroke-width': 8 }));
        cells.push(circle(cx, cy, 5, fg));
      } else if (kind === 4) {
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++) cells.push(circle(x + 25 + i * 25, y + 25 + j * 25, 7, fg));
      } else {
        cells.push(circle(cx, cy, 44, fg));
        cells.push(circle(cx, cy, 22, bg));
      }
    }
  }
  return tile(
    'Generative pattern: a grid of circles, half-circles, quarter-circles, rings and dots in navy, amber, red, teal and sky blue',
    [],
    cells,
  );
}

function tilePlant() {
  const leaf = (x, y, len, w, angle, color, vein) =>
    g(
      { transform: d`translate(${x} ${y}) rotate(${angle})` },
      path(
        d`M0 0C${w} ${-len * 0.25} ${w * 0.9} ${-len * 0.8} 0 ${-len}C${-w * 0.9} ${-len * 0.8} ${-w} ${-len * 0.25} 0 0Z`,
        color,
      ),
      path(
        d`M0 0C${w * 0.4} ${-len * 0.25} ${w * 0.9} ${-len * 0.8} 0 ${-len}C${w * 0.25} ${-len * 0.6} ${w * 0.15} ${-len * 0.25} 0 0Z`,
        '#000000',
        { opacity: 0.12 },
      ),
      path(d`M0 -4Q${w * 0.12} ${-len * 0.5} 0 ${-len + 8}`, 'none', {
        stroke: vein,
        'stroke-width': 2.5,
        'stroke-linecap': 'round',
        opacity: 0.8,
      }),
    );
  const stems = [];
  const leaves = [];
  const specs = [
    [-70, 150, 30, '#2f6f4f'],
    [-42, 175, 36, '#3f8f5f'],
    [-18, 200, 40, '#2f6f4f'],
    [0, 215, 40, '#4c9a62'],
    [20, 190, 38, '#3f8f5f'],
    [44, 170, 36, '#5aa469'],
    [68, 140, 30, '#3f8f5f'],
    [-90, 110, 26, '#5aa469'],
    [88, 110, 26, '#2f6f4f'],
  ];
  for (const [angle, len, w, color] of specs) {
    const a = (angle * Math.PI) / 180;
    const sx = 400 + Math.sin(a) * 60;
    const sy = 330 - Math.cos(a) * 60;
    stems.push(d`M400 346Q${400 + Math.sin(a) * 20} ${336} ${sx} ${sy}`);
    leaves.push(leaf(sx, sy, len * 0.85, w, angle, color, '#b7e4c7'));
  }
  return tile(
    'Plant: a leafy green houseplant in a terracotta pot on a wooden shelf in front of an arched window, with a small cactus',
    [
      linear(
        't9-win',
        [0, 0, 0, 1],
        [
          [0, '#cde7e4'],
          [1, '#fbe1c8'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, '#f3e4d4'),
      path('M220 420V200A180 180 0 0 1 580 200V420Z', '#e9cfb5'),
      path('M240 420V200A160 160 0 0 1 560 200V420Z', 'url(#t9-win)'),
      path('M400 40V420M240 230H560', 'none', { stroke: '#e9cfb5', 'stroke-width': 8 }),
      circle(480, 130, 28, '#ffffff', { opacity: 0.6 }),
      rect(0, 420, 800, 80, '#d9a877'),
      rect(0, 420, 800, 10, '#c28f5f'),
      path(stems.join(''), 'none', {
        stroke: '#2f6f4f',
        'stroke-width': 4,
        'stroke-linecap': 'round',
      }),
      leaves,
      // Pot.
      path('M338 340H462L446 420H354Z', '#c8553d'),
      path('M338 340H462L456 370H344Z', '#b04632'),
      rect(330, 332, 140, 18, '#d8674f', { rx: 4 }),
      path('M352 392H448', 'none', {
        stroke: '#f4a261',
        'stroke-width': 6,
        'stroke-linecap': 'round',
      }),
      ellipse(400, 423, 74, 5, '#9b6b43', { opacity: 0.4 }),
      // Cactus in a small pot.
      path('M636 420V330a16 16 0 0 1 32 0V420Z', '#5aa469'),
      path('M636 380H622a10 10 0 0 1 -10 -10V352a8 8 0 0 1 16 0V364H636Z', '#4c9a62'),
      path('M668 366H680V346a8 8 0 0 1 16 0V366a10 10 0 0 1 -10 10H668Z', '#4c9a62'),
      path('M646 340V410M658 336V412', 'none', { stroke: '#3f8f5f', 'stroke-width': 2 }),
      circle(652, 316, 6, '#f2849e'),
      path('M616 396H688L680 440H624Z', '#8499e7'),
      rect(612, 392, 80, 10, '#6f84d8', { rx: 3 }),
      // A round vase with a single stem.
      path(
        'M140 420C110 420 104 380 126 362C132 356 132 346 130 340H150C148 346 148 356 154 362C176 380 170 420 140 420Z',
        '#f2849e',
      ),
      path('M140 340C138 300 150 260 170 236', 'none', { stroke: '#2f6f4f', 'stroke-width': 3 }),
      leaf(156, 268, 40, 14, 40, '#3f8f5f', '#b7e4c7'),
      circle(171, 232, 9, '#f4a261'),
    ],
  );
}

function tileSkyline() {
  const rnd = prng(9001);
  const layer = (count, minH, maxH, color, windowsOn) => {
    const shapes = [];
    const windows = [];
    let x = -10;
    while (x < 810) {
      const w = rnd.range(40, 90);
      const h = rnd.range(minH, maxH);
      const top = 420 - h;
      shapes.push(d`M${x} 420V${top}H${x + w}V420Z`);
      if (rnd.chance(0.3))
        shapes.push(d`M${x + w / 2 - 1.5} ${top}V${top - rnd.range(16, 40)}h3V${top}Z`);
      if (rnd.chance(0.25))
        shapes.push(d`M${x + 6} ${top}L${x + w / 2} ${top - 24}L${x + w - 6} ${top}Z`);
      if (windowsOn) {
        for (let wy = top + 12; wy < 410; wy += 16) {
          for (let wx = x + 8; wx < x + w - 10; wx += 14) {
            if (rnd.chance(0.28)) windows.push(d`M${wx} ${wy}h6v8h-6Z`);
          }
        }
      }
      x += w + rnd.range(count, count + 10);
    }
    return { shapes: path(shapes.join(''), color), windows };
  };
  const back = layer(-4, 120, 260, '#4a3466', false);
  const mid = layer(-2, 90, 200, '#2e2350', true);
  const front = layer(2, 40, 130, '#181433', true);
  const streaks = [];
  for (let i = 0; i < 30; i++) {
    const y = rnd.range(428, 496);
    const x = rnd.range(0, 760);
    streaks.push(d`M${x} ${y}h${rnd.range(20, 70)}`);
  }
  return tile(
    'City skyline at dusk: layered towers with lit windows against a violet-to-orange sky, a rising moon and reflections on the water',
    [
      linear(
        't10-sky',
        [0, 0, 0, 1],
        [
          [0, '#1a1b41'],
          [0.4, '#6c3a6b'],
          [0.72, '#f08a5d'],
          [1, '#f7b267'],
        ],
      ),
      linear(
        't10-water',
        [0, 0, 0, 1],
        [
          [0, '#3a2550'],
          [1, '#120f26'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, 'url(#t10-sky)'),
      circle(600, 190, 54, '#ffe1b8'),
      circle(600, 190, 90, '#ffe1b8', { opacity: 0.12 }),
      back.shapes,
      mid.shapes,
      path(mid.windows.join(''), '#f9c74f', { opacity: 0.55 }),
      front.shapes,
      path(front.windows.join(''), '#ffd56b', { opacity: 0.9 }),
      rect(0, 420, 800, 80, 'url(#t10-water)'),
      path(streaks.join(''), 'none', {
        stroke: '#f9c74f',
        'stroke-width': 2,
        'stroke-linecap': 'round',
        opacity: 0.35,
      }),
      path('M570 440h60M580 456h40M590 472h20', 'none', {
        stroke: '#ffe1b8',
        'stroke-width': 3,
        'stroke-linecap': 'round',
        opacity: 0.5,
      }),
    ],
  );
}

function tileMesh() {
  return tile(
    'Abstract gradient mesh: soft glowing blobs of pink, amber, cyan and violet behind a frosted glass card and a glossy sphere',
    [
      el(
        'filter',
        { id: 't11-blur', x: '-50%', y: '-50%', width: '200%', height: '200%' },
        el('feGaussianBlur', { stdDeviation: 60 }),
      ),
      radial(
        't11-sphere',
        [0.35, 0.3, 0.75],
        [
          [0, '#ffffff'],
          [0.3, '#ffb3d9'],
          [1, '#7b2ff7'],
        ],
      ),
      linear(
        't11-card',
        [0, 0, 1, 1],
        [
          [0, '#ffffff', 0.32],
          [1, '#ffffff', 0.08],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, '#2b1055'),
      g(
        { filter: 'url(#t11-blur)' },
        circle(160, 120, 200, '#ff6fb5'),
        circle(640, 70, 190, '#ffb86b'),
        circle(700, 430, 220, '#3d7bff'),
        circle(220, 470, 200, '#7b2ff7'),
        circle(450, 260, 140, '#2de2e6'),
      ),
      circle(400, 250, 190, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, opacity: 0.25 }),
      circle(400, 250, 240, 'none', { stroke: '#ffffff', 'stroke-width': 1.5, opacity: 0.15 }),
      rect(250, 150, 300, 200, 'url(#t11-card)', {
        rx: 22,
        stroke: '#ffffff',
        'stroke-opacity': 0.45,
        'stroke-width': 1.5,
      }),
      circle(290, 190, 16, '#ffffff', { opacity: 0.7 }),
      rect(318, 182, 110, 8, '#ffffff', { opacity: 0.7, rx: 4 }),
      rect(318, 196, 70, 6, '#ffffff', { opacity: 0.4, rx: 3 }),
      path(
        'M276 310C316 300 336 250 372 262C404 272 420 300 456 284C486 270 500 240 524 236',
        'none',
        {
          stroke: '#ffffff',
          'stroke-width': 4,
          'stroke-linecap': 'round',
          opacity: 0.85,
        },
      ),
      circle(524, 236, 6, '#ffffff'),
      circle(590, 130, 44, 'url(#t11-sphere)'),
      circle(220, 370, 22, 'url(#t11-sphere)'),
    ],
  );
}

function tileProductBox() {
  // Isometric projection helpers: x to the right-down, y to the left-down, z up.
  const c = Math.cos(Math.PI / 6);
  const s = 0.5;
  const W = 190;
  const D = 140;
  const H = 170;
  const ox = 318;
  const oy = 236;
  const P = (x, y, z) => [ox + (x - y) * c, oy + (x + y) * s - z];
  const faceY = d`matrix(${c} ${s} 0 1 ${P(0, D, H)[0]} ${P(0, D, H)[1]})`;
  const faceX = d`matrix(${c} ${-s} 0 1 ${P(W, D, H)[0]} ${P(W, D, H)[1]})`;
  const faceTop = d`matrix(${c} ${s} ${-c} ${s} ${P(0, 0, H)[0]} ${P(0, 0, H)[1]})`;
  const floor = [P(-50, -50, 0), P(W + 280, -50, 0), P(W + 280, D + 90, 0), P(-50, D + 90, 0)];
  const shadow = [P(W, 0, 0), P(W + 120, 30, 0), P(W + 120, D + 30, 0), P(W, D, 0)];
  const [jx, jy] = P(W + 150, D - 50, 0);
  const jar = (x, y) => [
    ellipse(x + 14, y + 4, 66, 16, '#e8a897', { opacity: 0.6 }),
    path(d`M${x - 54} ${y - 96}V${y}a54 14 0 0 0 108 0V${y - 96}Z`, 'url(#t12-jar)'),
    ellipse(x, y - 96, 54, 14, '#7ad3c6'),
    path(d`M${x - 60} ${y - 114}V${y - 96}a60 16 0 0 0 120 0V${y - 114}Z`, '#f7ede2'),
    ellipse(x, y - 114, 60, 16, '#fffaf4'),
    rect(x - 42, y - 62, 84, 40, '#f7ede2', { rx: 6 }),
    circle(x, y - 42, 10, '#2a9d8f'),
  ];
  return tile(
    'Product packaging: an isometric coral box with a cream band and a round emblem beside a teal jar, on a peach background',
    [
      linear(
        't12-jar',
        [0, 0, 1, 0],
        [
          [0, '#2a9d8f'],
          [0.6, '#5cc4b6'],
          [1, '#217f74'],
        ],
      ),
    ],
    [
      rect(0, 0, 800, 500, '#ffe5d9'),
      circle(400, 220, 190, '#ffcfc0'),
      poly(floor, '#fcd3c3'),
      poly(shadow, '#e8a897', { opacity: 0.5 }),
      // Front-left face (y = D).
      g(
        { transform: faceY },
        rect(0, 0, W, H, '#e76f6a'),
        rect(0, 60, W, 50, '#f7ede2'),
        circle(W / 2, 85, 18, '#e76f6a'),
        circle(W / 2, 85, 8, '#f7ede2'),
        rect(20, 130, 70, 8, '#ffffff', { opacity: 0.5, rx: 4 }),
        rect(20, 146, 46, 6, '#ffffff', { opacity: 0.35, rx: 3 }),
      ),
      // Front-right face (x = W).
      g(
        { transform: faceX },
        rect(0, 0, D, H, '#c9545a'),
        rect(0, 60, D, 50, '#e7d9cb'),
        rect(20, 80, 60, 10, '#c9545a', { rx: 5 }),
      ),
      // Top face.
      g({ transform: faceTop }, rect(0, 0, W, D, '#f59b8e'), rect(0, D / 2 - 8, W, 16, '#f7ede2')),
      jar(jx, jy),
      // Sprig of leaves.
      path('M700 440C706 390 720 360 740 340', 'none', { stroke: '#2a9d8f', 'stroke-width': 3 }),
      ellipse(722, 376, 14, 6, '#2a9d8f', { transform: 'rotate(-40 722 376)' }),
      ellipse(712, 402, 14, 6, '#5cc4b6', { transform: 'rotate(-130 712 402)' }),
      ellipse(738, 346, 12, 5, '#5cc4b6', { transform: 'rotate(-60 738 346)' }),
      circle(120, 120, 10, '#f4a261'),
      circle(680, 120, 16, 'none', { stroke: '#e76f6a', 'stroke-width': 4 }),
      circle(90, 330, 22, '#f7ede2'),
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// Backdrop (1600 x 1000)
// ---------------------------------------------------------------------------------------------

function backdrop() {
  const rnd = prng(1600);
  const dust = [];
  for (let i = 0; i < 90; i++) {
    dust.push(
      circle(rnd.range(0, 1600), rnd.range(0, 1000), rnd.range(0.8, 2.4), '#c9d3ff', {
        opacity: rnd.range(0.08, 0.35),
      }),
    );
  }
  const hills = [
    { y: 760, r: 120, color: '#262a3c' },
    { y: 830, r: 90, color: '#1f2232' },
    { y: 900, r: 60, color: '#191b28' },
  ].map((h) =>
    poly(
      ridge(rnd, h.y, h.r, 5).map(([x, y]) => [x * 2, y === 500 ? 1000 : y]),
      h.color,
    ),
  );
  return svgDoc({
    width: 1600,
    height: 1000,
    title:
      'Backdrop: a moody dark slate-blue abstract with soft pools of light, diagonal beams and low layered hills',
    defs: [
      linear(
        'bd-bg',
        [0, 0, 1, 1],
        [
          [0, '#23273a'],
          [0.5, '#2e3141'],
          [1, '#1b1d2a'],
        ],
      ),
      radial(
        'bd-glow1',
        [0.5, 0.5, 0.5],
        [
          [0, '#5d6fb3', 0.55],
          [1, '#5d6fb3', 0],
        ],
      ),
      radial(
        'bd-glow2',
        [0.5, 0.5, 0.5],
        [
          [0, '#4c5c96', 0.45],
          [1, '#4c5c96', 0],
        ],
      ),
      radial(
        'bd-glow3',
        [0.5, 0.5, 0.5],
        [
          [0, '#8a76c9', 0.25],
          [1, '#8a76c9', 0],
        ],
      ),
      el(
        'filter',
        { id: 'bd-soft', x: '-20%', y: '-20%', width: '140%', height: '140%' },
        el('feGaussianBlur', { stdDeviation: 40 }),
      ),
    ],
    body: [
      rect(0, 0, 1600, 1000, 'url(#bd-bg)'),
      circle(1180, 230, 620, 'url(#bd-glow1)'),
      circle(260, 820, 560, 'url(#bd-glow2)'),
      circle(700, 380, 420, 'url(#bd-glow3)'),
      g(
        { filter: 'url(#bd-soft)', fill: '#c9d3ff' },
        poly(
          [
            [900, 0],
            [1160, 0],
            [640, 1000],
            [380, 1000],
          ],
          undefined,
          { opacity: 0.05 },
        ),
        poly(
          [
            [1320, 0],
            [1410, 0],
            [1000, 1000],
            [910, 1000],
          ],
          undefined,
          { opacity: 0.04 },
        ),
      ),
      circle(1180, 230, 150, 'none', { stroke: '#c9d3ff', 'stroke-width': 1.5, opacity: 0.12 }),
      circle(1180, 230, 260, 'none', { stroke: '#c9d3ff', 'stroke-width': 1.5, opacity: 0.08 }),
      circle(1180, 230, 400, 'none', { stroke: '#c9d3ff', 'stroke-width': 1.5, opacity: 0.05 }),
      circle(1180, 230, 90, '#c9d3ff', { opacity: 0.08 }),
      dust,
      hills,
      poly(
        [
          [0, 0],
          [1600, 0],
          [1600, 120],
          [0, 260],
        ],
        '#ffffff',
        { opacity: 0.025 },
      ),
    ],
  });
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const files = {
  'portrait-miniport.svg': portraitMiniport(),
  'portrait-directive.svg': portraitDirective(),
  'portrait-hyperspace.svg': portraitHyperspace(),
  'portrait-solid-state.svg': portraitSolidState(),
  'portrait-phantom.svg': portraitPhantom(),
  'logo.svg': logo(),
  'tile-01.svg': tileGeometric(),
  'tile-02.svg': tileMountains(),
  'tile-03.svg': tileArchitecture(),
  'tile-04.svg': tileCamera(),
  'tile-05.svg': tilePoster(),
  'tile-06.svg': tileUiMockup(),
  'tile-07.svg': tileWaves(),
  'tile-08.svg': tileCircles(),
  'tile-09.svg': tilePlant(),
  'tile-10.svg': tileSkyline(),
  'tile-11.svg': tileMesh(),
  'tile-12.svg': tileProductBox(),
  'backdrop.svg': backdrop(),
};

mkdirSync(OUT_DIR, { recursive: true });
let total = 0;
for (const [name, content] of Object.entries(files)) {
  writeFileSync(join(OUT_DIR, name), content);
  total += Buffer.byteLength(content);
}
stdout.write(
  `Wrote ${Object.keys(files).length} SVG files (${(total / 1024).toFixed(1)} KB) to ${relative(cwd(), OUT_DIR) || '.'}\n`,
);
