import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAFT_STORAGE_KEY } from '../src/shared/domain/draft-key.js';
import { PRERENDERED_ROUTES } from '../src/shared/prerender.js';
import { EDIT_PATH, FINAL_PREVIEW_PATH, templatePreviewPath } from '../src/shared/routes.js';
import { TEMPLATE_IDS } from '../src/shared/templates/catalog.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { freePort } from '../test/free-port.js';
import { baseUrl } from './browser.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

/**
 * Lighthouse's default mobile run (a mid-range phone on slow 4G, simulated; the CPU 4x slower) on
 * every builder page a visitor opens before signing in (issue 42): best practices 100 and no
 * layout shift to speak of (CLS under 0.05), which do not depend on how busy the machine is. The
 * performance score and paint times are estimated from the tasks Lighthouse watched run here, so
 * on a busy CI machine they read slower than the page is: their targets (98; FCP 1.0 s, LCP 1.8 s
 * on drawn pages; 90 on the editor and the final preview) are measured on a quiet machine by
 * bench/lighthouse-builder.ts, and printed here for the log.
 */
const RUNS = 2;

interface Outcome {
  performance: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  failing: string[];
}

async function audit(url: string, port: number): Promise<Outcome> {
  let result;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'best-practices'],
      // The draft the editor pages open is in this browser's storage.
      disableStorageReset: true,
    });
    // On a busy machine Chromium now and then records a trace without the navigation's start;
    // Lighthouse then asks to be run again (as bench/lighthouse.ts does).
    if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART') break;
  }
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY;
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score})`),
  );
  return {
    performance: score('performance'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    failing,
  };
}

const meets = (outcome: Outcome) => outcome.bestPractices === 100 && outcome.cls < 0.05;

describe('Lighthouse on the builder pages, mobile', () => {
  let context: BrowserContext;
  let port: number;
  let profile: string;

  beforeAll(async () => {
    port = await freePort();
    profile = mkdtempSync(path.join(tmpdir(), 'pb-lighthouse-'));
    // Lighthouse opens its tab in the browser's own profile, where the draft is stored below.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/about-us`);
    await page.evaluate(([key, draft]) => window.localStorage.setItem(key, draft), [
      DRAFT_STORAGE_KEY,
      JSON.stringify({ templateId: 'template1', data: SAMPLE_DATA.template1 }),
    ] as const);
    await page.close();
  });
  afterAll(async () => {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  // The pages drawn at build time, the template previews (drawn by the server), and the two that
  // open the person's draft (stored above).
  it.each([
    ...PRERENDERED_ROUTES,
    ...TEMPLATE_IDS.map(templatePreviewPath),
    EDIT_PATH,
    FINAL_PREVIEW_PATH,
  ])(
    '%s: best practices 100, nothing moves',
    async (route) => {
      const outcomes: Outcome[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const outcome = await audit(`${baseUrl()}${route}`, port);
        outcomes.push(outcome);
        // For bench/RESULTS.md: one line per run.
        process.stdout.write(
          `lighthouse ${route} run ${run + 1}: performance ${outcome.performance}, best practices ${outcome.bestPractices}, FCP ${Math.round(outcome.fcp)} ms, LCP ${Math.round(outcome.lcp)} ms, TBT ${Math.round(outcome.tbt)} ms, CLS ${outcome.cls.toFixed(3)}\n`,
        );
        if (meets(outcome)) break;
      }
      const best = outcomes.at(-1)!;
      expect(
        meets(best),
        `${route}: ${JSON.stringify(outcomes.map(({ failing, ...figures }) => ({ ...figures, failing })))}`,
      ).toBe(true);
    },
    240_000,
  );
});
