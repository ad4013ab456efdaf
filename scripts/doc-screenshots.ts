/**
 * Pictures of every builder page and template preview at the widths we support, for reviewing
 * the design without running the app: docs/screenshots/{page}-{width}.webp, the first screen of
 * each. Usage: npm run screenshots:docs (builds first).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { startBuiltServer } from '../test/built-server.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { toWebp } from './webp.js';

const OUT_DIR = path.resolve('docs/screenshots');
const WIDTHS = [1280, 1024, 375, 360];
const HEIGHT_OF = (width: number) => (width >= 1024 ? 800 : 812);

const PAGES: { name: string; route: string }[] = [
  { name: 'landing', route: '/' },
  { name: 'choose', route: '/choose' },
  ...TEMPLATE_IDS.map((id) => ({ name: id, route: `/${id}` })),
  { name: 'account-signed-out', route: '/account' },
  { name: 'about-us', route: '/about-us' },
  { name: 'contact-us', route: '/contact-us' },
  { name: 'terms-and-conditions', route: '/terms-and-conditions' },
  { name: 'privacy-policy', route: '/privacy-policy' },
  { name: 'refund-policy', route: '/refund-policy' },
  { name: 'screen-error', route: '/screen-error' },
];

async function main(): Promise<void> {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const server = await startBuiltServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const { name, route } of PAGES) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: HEIGHT_OF(width) },
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        const png = await page.screenshot({ type: 'png' });
        writeFileSync(
          path.join(OUT_DIR, `${name}-${width}.webp`),
          await toWebp(page, png, width, 0.7),
        );
        await context.close();
      }
      console.log(name);
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
