/**
 * Renders our templates in Chromium and writes the site's pictures of them:
 * the landing page's collage images (AVIF and WebP) and every template's card images for /choose
 * (WebP, a computer's and a phone's first screen, the phone's in AVIF too).
 * Usage: npm run screenshots (builds first). Output: src/client/public/images/.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { startBuiltServer } from '../test/built-server.js';
import { toAvif, toWebp } from './webp.js';
import { COLLAGE_SHOT, COLLAGE_TEMPLATES, collageImage } from '../src/client/landing/collage.js';
import {
  PHONE_CARD_IMAGE,
  TEMPLATE_IDS,
  templateCardImage,
  type TemplateId,
} from '../src/shared/templates/catalog.js';

/** What the site serves at /: a picture's address is its path under this folder. */
const PUBLIC_DIR = path.resolve('src/client/public');
const MAX_BYTES = 80 * 1024;
/** Keeps the five collage pictures a phone fetches under 50 KB together, text still crisp. */
const AVIF_QUALITY = 0.55;

interface Shot {
  /** The picture's address on the site, e.g. /images/card-template1.webp. */
  file: string;
  /** Where an AVIF copy of it goes too, if anywhere. */
  avif?: string;
  route: string;
  viewport: { width: number; height: number };
  /** Device pixels per CSS pixel (1 unless said). */
  scale?: number;
  /** Width of the written picture; the shot is scaled down to it. */
  outputWidth: number;
}

/** The collage tiles are portrait: the templates' own phone layouts fill them naturally. */
const collage = (templateId: TemplateId): Shot => ({
  file: collageImage(templateId, 'webp'),
  avif: collageImage(templateId, 'avif'),
  route: `/${templateId}`,
  viewport: COLLAGE_SHOT,
  outputWidth: COLLAGE_SHOT.width,
});

/**
 * A card is the template's first screen at 1280 x 960, except where that is one part alone:
 * Directive's header fills it, so its card is taken from a wider window (the same 4:3), which
 * also reaches its first feature row.
 */
const CARD_VIEWPORTS: Partial<Record<TemplateId, Shot['viewport']>> = {
  template2: { width: 2134, height: 1600 },
};

const SHOTS: Shot[] = [
  ...COLLAGE_TEMPLATES.map(collage),
  ...TEMPLATE_IDS.map((id) => ({
    file: templateCardImage(id),
    route: `/${id}`,
    viewport: CARD_VIEWPORTS[id] ?? { width: 1280, height: 960 },
    outputWidth: 640,
  })),
  // /choose on a phone: the top of the template as a phone shows it, sharp on a 2x screen.
  ...TEMPLATE_IDS.map((id) => ({
    file: templateCardImage(id, 'phone'),
    avif: templateCardImage(id, 'phone', 'avif'),
    route: `/${id}`,
    viewport: { width: PHONE_CARD_IMAGE.width / 2, height: PHONE_CARD_IMAGE.height / 2 },
    scale: 2,
    outputWidth: PHONE_CARD_IMAGE.width,
  })),
];

/**
 * A picture ends where the window does, which would cut a sentence, a heading or a button in
 * half: hide every such piece that the bottom edge crosses, so the picture ends cleanly on the
 * section's own background. A card (an article) of which less than half shows goes as a whole,
 * border and icon included, rather than leave a sliver of it at the edge. A photo may run off the
 * edge: hidden, it left a grey box in its place.
 */
function hideWhatTheEdgeCuts(): void {
  const edge = window.innerHeight;
  const pieces = document.querySelectorAll<HTMLElement>(
    'article, p, h1, h2, h3, h4, h5, h6, li, dt, dd, a, button, input, textarea, svg, label',
  );
  for (const piece of pieces) {
    const box = piece.getBoundingClientRect();
    if (box.top >= edge || box.bottom <= edge) continue;
    const mostlyShown = edge - box.top >= box.height / 2;
    if (piece.localName !== 'article' || !mostlyShown) piece.style.visibility = 'hidden';
  }
}

async function main(): Promise<void> {
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale ?? 1,
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await page.goto(`${server.url}${shot.route}`, { waitUntil: 'networkidle' });
      // Builder chrome is not part of a template's picture, nor the room kept for it.
      await page.addStyleTag({
        content:
          '.tp-bar { display: none !important; } :root { --template-top-offset: 0px !important; scroll-padding-top: 0 !important; }',
      });
      await page.evaluate(() => document.fonts.ready);
      // Every picture drawn, lazy ones included: a picture still loading is shot as a grey box.
      await page.evaluate(() =>
        document.querySelectorAll('img').forEach((img) => (img.loading = 'eager')),
      );
      await page.waitForFunction(() =>
        [...document.images].every((img) => img.complete && img.naturalWidth > 0),
      );
      await page.waitForTimeout(300);
      await page.evaluate(hideWhatTheEdgeCuts);
      // Reduced motion still runs transitions for 0.01 ms (global.css): let them end first.
      await page.waitForTimeout(100);
      const png = await page.screenshot({ type: 'png' });
      let quality = 0.82;
      let webp = await toWebp(png, shot.outputWidth, quality);
      while (webp.byteLength > MAX_BYTES && quality > 0.4) {
        quality -= 0.08;
        webp = await toWebp(png, shot.outputWidth, quality);
      }
      const file = path.join(PUBLIC_DIR, shot.file);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, webp);
      console.log(`${shot.file}  ${(statSync(file).size / 1024).toFixed(1)} KB`);
      if (shot.avif) {
        const avifFile = path.join(PUBLIC_DIR, shot.avif);
        writeFileSync(avifFile, await toAvif(png, shot.outputWidth, AVIF_QUALITY));
        console.log(`${shot.avif}  ${(statSync(avifFile).size / 1024).toFixed(1)} KB`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
