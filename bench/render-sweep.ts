/**
 * A deploy's template sweep over many stored pages, and publishes meanwhile: how long the event
 * loop is held while every page is rendered again, and how long a publish takes to be stored.
 *
 * In one process, as the server keeps its pages (StoredPages with a PageRenderer): BENCH_PAGES
 * portfolios (10,000 by default) are seeded with their pages, then a renderer whose template
 * files have other names (what a deploy that changed the templates looks like) re-renders them
 * all. The event-loop delay is sampled every millisecond (perf_hooks.monitorEventLoopDelay) and
 * a 1 ms timer counts the turns that came more than 10 ms late and, from the loop thread's own
 * CPU time between two of its turns, which of them were held by work rather than waiting for a
 * core (on a shared machine most are); the collections that ran within the turns held longest
 * say how much of them was the collector. Publishes are made straight into the store and timed
 * from commit to their page stored (the change check that renders them), ten before the sweep
 * and one every 500 ms during it.
 *
 * Usage: npm run build && node --import tsx --import ./src/server/stylesheet-imports-hook.ts \
 *          bench/render-sweep.ts
 * (the seed's modules reach the templates, whose stylesheet imports Node cannot load.)
 * (BENCH_PAGES=1000 for a short run; BENCH_DATABASE=postgres with TEST_DATABASE_URL set for
 * PostgreSQL.) Writes bench/results/render-sweep.md.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import {
  constants,
  createHistogram,
  monitorEventLoopDelay,
  performance,
  PerformanceObserver,
} from 'node:perf_hooks';
import { pino } from 'pino';
import { seedPortfolios } from '../src/server/admin/seed-portfolios.js';
import type { Db } from '../src/server/db/database.js';
import { PageCache } from '../src/server/public-pages/page-cache.js';
import { PageRenderer } from '../src/server/public-pages/page-renderer.js';
import { StoredPages } from '../src/server/public-pages/stored-pages.service.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
/** The built client, as the tests use it (test/app.ts would load the whole app). */
const CLIENT_DIR = path.resolve('dist/client');
import { createTestDatabase } from '../test/database.js';
import { publishDirectly } from '../test/publish-directly.js';
import { machineLine, median, percentile } from './harness.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const DIALECT = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const PUBLISH_EVERY_MS = 500;
const IDLE_PUBLISHES = 10;
const STALL_MS = 10;
/** How many of the turns held longest are described. */
const LONGEST_KEPT = 5;
const OUT_FILE = path.resolve('bench/results/render-sweep.md');
const COMMAND =
  'node --import tsx --import ./src/server/stylesheet-imports-hook.ts bench/render-sweep.ts';

/** A copy of the client build whose template stylesheets have other names: a new template version. */
function changedTemplateBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-bench-client-'));
  cpSync(path.join(CLIENT_DIR, '.vite'), path.join(dir, '.vite'), { recursive: true });
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  writeFileSync(
    manifestFile,
    readFileSync(manifestFile, 'utf8').replace(/(assets\/[^"]+)\.css"/g, '$1-next.css"'),
  );
  return dir;
}

const rendererFor = (clientDir: string) =>
  new PageRenderer({ clientDir, publicUrl: () => 'http://localhost', mediaBase: '/media' });

const storedEtag = (db: Db, username: string) =>
  db
    .selectFrom('rendered_pages')
    .select('etag')
    .where('username', '=', username)
    .executeTakeFirst();

let published = 0;
/** Publishes a portfolio and returns the milliseconds from its commit to its page stored. */
async function timedPublish(db: Db, pages: StoredPages): Promise<number> {
  published += 1;
  const username = `bench-publish-${published}`;
  const data = structuredClone(SAMPLE_DATA.template3);
  data.personalDetails.name = `Bench Publish ${published}`;
  await publishDirectly(db, { username, templateId: 'template3', data });
  const start = performance.now();
  await pages.checkForChanges();
  if (!(await storedEtag(db, username))) throw new Error(`${username} was not stored`);
  return performance.now() - start;
}

/** The event-loop thread's own CPU time so far, in ms (not the render threads'). */
const loopCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * Counts timer turns that came late by more than STALL_MS, and the latest. A turn is late either
 * because the loop was held by work (its thread ran all that time) or because its thread waited
 * for a core that other threads or processes had: the thread's own CPU time between two turns
 * tells them apart, and its distribution is how long work held the loop.
 */
function stallCounter() {
  let stalls = 0;
  let held = 0;
  let worst = 0;
  let expected = performance.now() + 1;
  let cpuAt = loopCpuMs();
  const work = createHistogram();
  /** The turns after the most work: when they ended, and the thread's CPU time before them. */
  let longest: { at: number; ran: number }[] = [];
  let timer: NodeJS.Timeout;
  const tick = () => {
    const late = performance.now() - expected;
    const cpu = loopCpuMs();
    const ran = cpu - cpuAt;
    work.record(Math.max(1, Math.round(ran * 1e6)));
    if (longest.length < LONGEST_KEPT || ran > longest.at(-1)!.ran) {
      longest = [...longest, { at: performance.now(), ran }]
        .sort((a, b) => b.ran - a.ran)
        .slice(0, LONGEST_KEPT);
    }
    if (late > STALL_MS) stalls += 1;
    if (late > STALL_MS && ran > STALL_MS) held += 1;
    worst = Math.max(worst, late);
    cpuAt = cpu;
    expected = performance.now() + 1;
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  return {
    stop: () => {
      clearTimeout(timer);
      return {
        stalls,
        held,
        worst,
        workP99: work.percentile(99) / 1e6,
        workMax: work.max / 1e6,
        longest,
      };
    },
  };
}

/** The event loop's garbage collections: how many, and how many paused it longer than STALL_MS. */
function gcCounter() {
  let count = 0;
  let long = 0;
  let worst = 0;
  let total = 0;
  const pauses: { start: number; duration: number; kind: string }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
      pauses.push({ start: entry.startTime, duration: entry.duration, kind: gcKind(kind) });
      count += 1;
      total += entry.duration;
      if (entry.duration > STALL_MS) long += 1;
      worst = Math.max(worst, entry.duration);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop: () => {
      observer.disconnect();
      return { count, long, worst, total, pauses };
    },
  };
}

const gcKind = (kind: number | undefined) =>
  kind === constants.NODE_PERFORMANCE_GC_MAJOR
    ? 'major'
    : kind === constants.NODE_PERFORMANCE_GC_MINOR
      ? 'minor'
      : kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL
        ? 'incremental'
        : 'weak callbacks';

/** The turns held longest, each with the collections that ran within it. */
function describeLongest(
  longest: { at: number; ran: number }[],
  pauses: { start: number; duration: number; kind: string }[],
  since: number,
): string {
  return longest
    .map(({ at, ran }) => {
      const within = pauses.filter(
        (pause) => pause.start + pause.duration >= at - ran - 1 && pause.start <= at,
      );
      const collected = within.reduce((sum, pause) => sum + pause.duration, 0);
      const kinds = [...new Set(within.map((pause) => pause.kind))].join(' and ');
      const when = `${((at - since) / 1000).toFixed(1)} s in`;
      return within.length > 0
        ? `${ms(ran)} ${when} (${ms(collected)} of it ${kinds} GC)`
        : `${ms(ran)} ${when}`;
    })
    .join(', ');
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

async function main(): Promise<void> {
  const database = await createTestDatabase(DIALECT);
  const { db } = database;
  const log = pino({ level: 'silent' });
  const seeding = rendererFor(CLIENT_DIR);
  const seedStart = performance.now();
  await seedPortfolios(db, seeding, { count: PAGES, publicUrl: 'http://localhost' });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`seeded ${PAGES} pages in ${seedSeconds.toFixed(0)} s`);
  // A change check reads the changes of the last 15 s (its clock margin): let the seed's rows age
  // past it, so that the publishes are timed as on a server whose last bulk write is older.
  await new Promise((resolve) => setTimeout(resolve, 16_000));

  // The process of the old version: publishes before the deploy.
  const before = new StoredPages({ db, renderer: seeding, cache: new PageCache(1 << 20), log });
  await before.checkForChanges();
  const idle: number[] = [];
  for (let i = 0; i < IDLE_PUBLISHES; i += 1) idle.push(await timedPublish(db, before));
  await before.stop();
  await seeding.close();

  // The process of the new version: its sweep re-renders every page.
  const clientDir = changedTemplateBuild();
  const renderer = rendererFor(clientDir);
  const pages = new StoredPages({ db, renderer, cache: new PageCache(1 << 20), log });
  await pages.checkForChanges();
  const during: number[] = [];
  let sweeping = true;
  const publishes = (async () => {
    while (sweeping) {
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_EVERY_MS));
      if (sweeping) during.push(await timedPublish(db, pages));
    }
  })();
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const stalls = stallCounter();
  const collections = gcCounter();
  const loadBefore = load();
  histogram.enable();
  const sweepStart = performance.now();
  const rendered = await pages.sweepTemplateVersions();
  const sweepSeconds = (performance.now() - sweepStart) / 1000;
  histogram.disable();
  const counted = stalls.stop();
  const gc = collections.stop();
  const loadAfter = load();
  sweeping = false;
  await publishes;
  await pages.stop();
  await renderer.close();
  await database.destroy();
  rmSync(clientDir, { recursive: true, force: true });

  const loop = {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
  };
  const summary = [
    `${DIALECT}: swept ${rendered} pages in ${sweepSeconds.toFixed(1)} s (${(rendered / sweepSeconds).toFixed(0)} pages/s)`,
    `event-loop delay during the sweep: p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}, max ${ms(loop.max)}; ${counted.stalls} turns more than ${STALL_MS} ms late`,
    `the loop thread's own CPU time between two turns (work holding it): p99 ${ms(counted.workP99)}, max ${ms(counted.workMax)}; of the late turns, ${counted.held} came after more than ${STALL_MS} ms of it, the other ${counted.stalls - counted.held} waited for a core`,
    `the ${LONGEST_KEPT} turns after the most work: ${describeLongest(counted.longest, gc.pauses, sweepStart)}`,
    `garbage collections on the event loop during the sweep: ${gc.count}, ${ms(gc.total)} in all, ${gc.long} longer than ${STALL_MS} ms, the longest ${ms(gc.worst)}`,
    `load average (1, 5, 15 min) at the sweep's start ${loadBefore}, at its end ${loadAfter}`,
    `publish, commit to page stored: before the sweep median ${ms(median(idle))}, max ${ms(Math.max(...idle))} (${idle.length}); during it median ${ms(median(during))}, p95 ${ms(percentile(during, 95))}, max ${ms(Math.max(...during))} (${during.length})`,
  ];
  for (const line of summary) console.log(line);

  const markdown = [
    '## Template sweep: event loop and publishes',
    '',
    `${PAGES} seeded portfolios re-rendered by a renderer of another template version (\`StoredPages.sweepTemplateVersions\`, as a deploy's process does), in one process, ${DIALECT === 'sqlite' ? 'SQLite' : 'PostgreSQL'}. Event-loop delay sampled every 1 ms (\`monitorEventLoopDelay\`); "late turns" are 1 ms timers that fired more than ${STALL_MS} ms late. Publishes written straight into the store and timed from commit to their page stored by the change check, ${IDLE_PUBLISHES} before the sweep and one every ${PUBLISH_EVERY_MS} ms during it. Target: no turn held more than ${STALL_MS} ms by rendering.`,
    '',
    ...summary.map((line) => `- ${line}`),
    '',
    `- Machine: ${machineLine()}`,
    `- Date: ${new Date().toISOString()}`,
    `- Command: \`${PAGES === 10_000 ? '' : `BENCH_PAGES=${PAGES} `}${DIALECT === 'postgres' ? 'BENCH_DATABASE=postgres ' : ''}${COMMAND}\` (after \`npm run build\`)`,
    '',
  ].join('\n');
  mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  writeFileSync(OUT_FILE, markdown);
  console.log(`wrote ${path.relative(process.cwd(), OUT_FILE)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
