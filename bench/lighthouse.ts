/**
 * Lighthouse (performance, accessibility, best practices, SEO) for each template's public page,
 * with Lighthouse's default mobile settings (a mid-range phone on a slow 4G link, simulated),
 * driving Debian's Chromium. Needs a build (npm run build).
 * Writes bench/results/lighthouse.md. `npx tsx bench/lighthouse.ts / /about-us` measures only
 * the builder pages named, prints their rows and writes nothing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { openDatabase } from '../src/server/db/database.js';
import { PRERENDERED_ROUTES } from '../src/shared/prerender.js';
import { templatePreviewPath } from '../src/shared/routes.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { startBuiltServer } from '../test/built-server.js';
import { publishDirectly } from '../test/publish-directly.js';
import { machineLine } from './harness.js';
import { freePort } from '../test/free-port.js';

/**
 * The pages a visitor sees before signing in: those drawn at build time, and the template
 * previews, which the server draws.
 */
const FIRST_PAGES: readonly string[] = [
  ...PRERENDERED_ROUTES,
  ...TEMPLATE_IDS.map(templatePreviewPath),
];

/** Builder pages named on the command line, to measure them alone. */
const NAMED_PAGES = process.argv.slice(2);
for (const route of NAMED_PAGES) {
  if (!FIRST_PAGES.includes(route)) {
    throw new Error(`${route} is not one of the first pages: ${FIRST_PAGES.join(' ')}`);
  }
}

/** Builder pages measured besides the public pages. */
const BUILDER_PAGES: readonly string[] = NAMED_PAGES.length > 0 ? NAMED_PAGES : FIRST_PAGES;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

interface Audit {
  scores: Record<string, number>;
  /** Audits that cost points, for the reader to act on. */
  failing: string[];
  metrics: { fcp: string; lcp: string; tbt: string; cls: string };
}

async function audit(url: string, port: number, config?: Config): Promise<Audit> {
  let result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    config,
  );
  // On a busy machine Chromium now and then records a trace without the navigation's start;
  // Lighthouse then asks to be run again, which measures the same page afresh.
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry += 1) {
    result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      config,
    );
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores: Record<string, number> = {};
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id]!;
    scores[id] = Math.round((category.score ?? 0) * 100);
    for (const ref of category.auditRefs) {
      const item = lhr.audits[ref.id];
      if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
        failing.push(`${id}: ${item.id} (${item.score})`);
      }
    }
  }
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  return {
    scores,
    failing,
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
    },
  };
}

async function main(): Promise<void> {
  const server = await startBuiltServer({ RATE_LIMITS: 'off' });
  const { db } = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') });
  for (const id of TEMPLATE_IDS) {
    await publishDirectly(db, { username: `bench-${id}`, templateId: id, data: SAMPLE_DATA[id] });
  }
  await db.destroy();

  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const rows: string[] = [];
  const notes: string[] = [];
  const builderRows: string[] = [];
  try {
    // The first pages a buyer sees, with Lighthouse's desktop preset and its mobile default.
    for (const route of BUILDER_PAGES) {
      for (const [preset, config] of [
        ['desktop', desktopConfig],
        ['mobile', undefined],
      ] as const) {
        const result = await audit(`${server.url}${route}`, port, config);
        builderRows.push(
          `| \`${route}\` | ${preset} | ${CATEGORIES.map((c) => result.scores[c]).join(' | ')} | ${result.metrics.fcp} | ${result.metrics.lcp} | ${result.metrics.tbt} | ${result.metrics.cls} |`,
        );
        for (const line of result.failing) notes.push(`- \`${route}\` (${preset}): ${line}`);
        process.stdout.write(`${route} ${preset}: ${JSON.stringify(result.scores)}\n`);
      }
    }
    for (const id of NAMED_PAGES.length > 0 ? [] : TEMPLATE_IDS) {
      const result = await audit(`${server.url}/users/bench-${id}`, port);
      const name = TEMPLATE_DEFINITIONS[id].name;
      rows.push(
        `| ${name} | ${CATEGORIES.map((c) => result.scores[c]).join(' | ')} | ${result.metrics.fcp} | ${result.metrics.lcp} | ${result.metrics.tbt} | ${result.metrics.cls} |`,
      );
      for (const line of result.failing) notes.push(`- ${name}: ${line}`);
      process.stdout.write(`${name}: ${JSON.stringify(result.scores)}\n`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }

  const lines = [
    '## Lighthouse: public portfolio pages',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
    `Command: \`npm run bench\` (bench/lighthouse.ts): Lighthouse ${'12'} with its default mobile settings`,
    '(simulated slow 4G and a 4x slower CPU) driving Debian Chromium, against the built server',
    '(one Node process, SQLite), one page per template with its sample data.',
    `Targets: performance at least ${TARGETS.performance}, accessibility, best practices and SEO ${TARGETS.seo}.`,
    '',
    '| template | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    '## Lighthouse: the landing page and the template picker',
    '',
    "Same run, with Lighthouse's desktop preset and its default mobile settings. Targets as above,",
    'and a cumulative layout shift under 0.1.',
    '',
    '| page | preset | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...builderRows,
    '',
    notes.length ? `Audits that cost points:\n\n${notes.join('\n')}` : 'No audit cost any points.',
    '',
  ];
  if (NAMED_PAGES.length > 0) {
    process.stdout.write(`${[...builderRows, '', ...notes].join('\n')}\n`);
    return;
  }
  writeFileSync('bench/results/lighthouse.md', lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
