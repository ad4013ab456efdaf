/**
 * Pictures of every builder page, template preview and published template at the widths we
 * support, for reviewing the design without running the app: docs/screenshots/{page}-{width}.webp,
 * the first screen of each. Pages for a signed-in person (the editor, the final preview, the
 * account page with portfolios) are taken signed in, with the templates' sample portfolios
 * published. Usage: npm run screenshots:docs (builds first).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContextOptions } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { SESSION_COOKIE } from '../src/server/auth/sessions.js';
import { openDatabase } from '../src/server/db/database.js';
import { DRAFT_STORAGE_KEY } from '../src/shared/draft.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { startBuiltServer } from '../test/built-server.js';
import { publishDirectly } from '../test/publish-directly.js';
import { signIn } from '../test/signin.js';
import { toWebp } from './webp.js';

const OUT_DIR = path.resolve('docs/screenshots');
const WIDTHS = [1280, 1024, 375, 360];
const HEIGHT_OF = (width: number) => (width >= 1024 ? 800 : 812);

interface Shot {
  name: string;
  route: string;
  /** Taken signed in, with a draft of Phantom in the browser. */
  signedIn?: boolean;
}

const PAGES: Shot[] = [
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
  { name: 'edit', route: '/edit', signedIn: true },
  { name: 'final-preview', route: '/final-preview', signedIn: true },
  { name: 'account', route: '/account', signedIn: true },
  ...TEMPLATE_IDS.map((id) => ({ name: `published-${id}`, route: `/users/sample-${id}` })),
];

async function main(): Promise<void> {
  // Only this script's own pictures go: the design reviews' folders beside them stay.
  mkdirSync(OUT_DIR, { recursive: true });
  for (const entry of readdirSync(OUT_DIR, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.webp')) rmSync(path.join(OUT_DIR, entry.name));
  }
  const server = await startBuiltServer();
  const person = { name: 'Priya Raman', email: 'priya@example.com' };
  const jar = await signIn(server.url, person);
  const database = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') });
  const owner = await database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', person.email)
    .executeTakeFirstOrThrow();
  for (const id of TEMPLATE_IDS) {
    await publishDirectly(database.db, {
      username: `sample-${id}`,
      templateId: id,
      data: SAMPLE_DATA[id],
      ownerId: owner.id,
    });
  }
  await database.db.destroy();
  const host = new URL(server.url).hostname;
  const session = jar.get(SESSION_COOKIE);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const { name, route, signedIn } of PAGES) {
      for (const width of WIDTHS) {
        const options: BrowserContextOptions = {
          viewport: { width, height: HEIGHT_OF(width) },
          reducedMotion: 'reduce',
        };
        const context = await browser.newContext(options);
        if (signedIn && session) {
          await context.addCookies([
            { name: SESSION_COOKIE, value: session, domain: host, path: '/' },
          ]);
          await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
            DRAFT_STORAGE_KEY,
            JSON.stringify({ templateId: 'template5', data: SAMPLE_DATA.template5 }),
          ] as const);
        }
        const page = await context.newPage();
        await page.goto(`${server.url}${route}`, { waitUntil: 'networkidle' });
        await page.evaluate(() => document.fonts.ready);
        const png = await page.screenshot({ type: 'png' });
        writeFileSync(path.join(OUT_DIR, `${name}-${width}.webp`), await toWebp(png, width, 0.7));
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
