/**
 * Public pages with many portfolios: views spread at random over all of them (wrk with a Lua
 * script), /healthz meanwhile, the sitemap index and a child, a change made in the database
 * until another process serves it, and each process's memory. SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL is set. BENCH_PORTFOLIOS sets how many (default 10,000).
 * Needs a build (npm run build) and Debian's wrk. Writes bench/results/public-pages-at-scale-<N>.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { bumpPageGeneration } from '../src/server/public-pages/page-generation.repository.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { createTestDatabase } from '../test/database.js';
import { freePort } from '../test/free-port.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { machineLine, median, percentile } from './harness.js';

const PORTFOLIOS = Number(process.env.BENCH_PORTFOLIOS ?? 10_000);
const CONNECTIONS = 50;
const SECONDS = 10;

/** wrk prints latencies as 812.00us, 2.45ms or 1.02s. */
function toMs(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

interface Load {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: string;
}

/** wrk in the background (so this process can probe /healthz meanwhile), each request a random portfolio. */
async function randomViews(base: string, script: string): Promise<Load> {
  const { spawn } = await import('node:child_process');
  const child = spawn('wrk', [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--latency',
    '-s',
    script,
    base,
  ]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]),
    p50Ms: toMs(/\s50%\s+([\d.]+\w+)/.exec(output)?.[1]),
    p99Ms: toMs(/\s99%\s+([\d.]+\w+)/.exec(output)?.[1]),
    errors: /Non-2xx or 3xx responses: (\d+)|Socket errors: ([^\n]+)/.exec(output)?.[0] ?? 'none',
  };
}

/** Latencies of /healthz, one request every 20 ms, until `done` settles. */
async function probeHealth(base: string, done: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let finished = false;
  void done.then(() => (finished = true));
  while (!finished) {
    const start = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
};

/** A portfolio changed the way an update changes it (data and updated_at, generation bumped). */
async function changePortfolio(db: Db, username: string, name: string): Promise<void> {
  const data = structuredClone(SAMPLE_DATA.template1);
  data.personalDetails.name = name;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('portfolios')
      .set({
        data: JSON.stringify(data),
        template_id: 'template1',
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', (eb) =>
        eb.selectFrom('usernames').select('portfolio_id').where('username', '=', username),
      )
      .execute();
    await bumpPageGeneration(trx);
  });
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-scale-bench-'));
  const database =
    dialect === 'postgres' ? await createTestDatabase('postgres', { prepare: false }) : undefined;
  const databaseUrl = database?.databaseUrl;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const env = { RATE_LIMITS: 'off', LOG_LEVEL: 'warn', NODE_ENV: 'development' };

  const seedStart = performance.now();
  execFileSync(process.execPath, ['dist/server/seed.js', '--portfolios', String(PORTFOLIOS)], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const a: ServerProcess = await startServerProcess({ dataDir, databaseUrl, port, publicUrl, env });
  const b: ServerProcess = await startServerProcess({ dataDir, databaseUrl, publicUrl, env });
  const { db } = openDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'portfolio.db') });
  const script = path.join(dataDir, 'random-views.lua');
  writeFileSync(
    script,
    `math.randomseed(os.time())
wrk.headers["Accept-Encoding"] = "br, gzip"
request = function()
  return wrk.format("GET", "/users/seed-" .. math.random(1, ${PORTFOLIOS}))
end
`,
  );
  const lines: string[] = [];
  try {
    const rssBefore = rssMb(a.pid);
    // First pass: pages come from the database into memory; second: the steady state.
    const rounds: { load: Load; health: number[] }[] = [];
    for (let round = 0; round < 2; round += 1) {
      const load = randomViews(a.url, script);
      const health = await probeHealth(a.url, load);
      rounds.push({ load: await load, health });
    }
    const rssAfter = rssMb(a.pid);

    // Sitemaps: built after a change (cold), then from memory (warm), /healthz probed meanwhile.
    await changePortfolio(db, 'seed-1', 'Sitemap Trigger');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sitemapWork = (async () => {
      const index = await timed(async () => (await fetch(`${a.url}/sitemap.xml`)).text());
      const child = await timed(async () => (await fetch(`${a.url}/sitemaps/1.xml`)).text());
      const indexWarm = await timed(async () => (await fetch(`${a.url}/sitemap.xml`)).text());
      const childWarm = await timed(async () => (await fetch(`${a.url}/sitemaps/1.xml`)).text());
      return { index, child, indexWarm, childWarm };
    })();
    const sitemapHealth = await probeHealth(a.url, sitemapWork);
    const sitemaps = await sitemapWork;
    const listed = (sitemaps.child.value.match(/<url>/g) ?? []).length;

    // A change written through process A's database, until process B serves it.
    const delays: number[] = [];
    for (let change = 1; change <= 5; change += 1) {
      const username = `seed-${change * 7}`;
      await fetch(`${b.url}/users/${username}`);
      const name = `Changed Name ${change} ${Date.now()}`;
      const start = performance.now();
      await changePortfolio(db, username, name);
      for (;;) {
        const html = await (await fetch(`${b.url}/users/${username}`)).text();
        if (html.includes(name)) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      delays.push(performance.now() - start);
    }

    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const [index, round] of rounds.entries()) {
      lines.push(
        `| ${label} | ${index === 0 ? 'first pass' : 'second pass'} | ${round.load.requestsPerSecond.toFixed(0)} | ${round.load.p50Ms.toFixed(2)} ms | ${round.load.p99Ms.toFixed(2)} ms | ${percentile(round.health, 99).toFixed(1)} ms (max ${Math.max(...round.health).toFixed(1)}) | ${round.load.errors} |`,
      );
    }
    lines.push(
      '',
      `${label}: seeded ${PORTFOLIOS} portfolios in ${seedSeconds.toFixed(0)} s. Sitemap index ${sitemaps.index.ms.toFixed(1)} ms cold / ${sitemaps.indexWarm.ms.toFixed(1)} ms warm; child 1 (${listed} URLs) ${sitemaps.child.ms.toFixed(1)} ms cold / ${sitemaps.childWarm.ms.toFixed(1)} ms warm; /healthz meanwhile max ${Math.max(...sitemapHealth).toFixed(1)} ms. ` +
        `A change until another process served it: median ${median(delays).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms (5 changes). ` +
        `Memory of the process serving the views: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after (PAGE_CACHE_MB 64).`,
      '',
    );
  } finally {
    await db.destroy();
    await Promise.all([a.stop(), b.stop()]);
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const table: string[] = [];
  const notes: string[] = [];
  for (const dialect of [
    'sqlite',
    ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : []),
  ] as const) {
    const [first, second, , ...rest] = await measure(dialect);
    table.push(first!, second!);
    notes.push(...rest);
  }
  const lines = [
    `## Public pages at scale: ${PORTFOLIOS.toLocaleString('en')} portfolios`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
    `Command: \`npm run bench\` (bench/public-pages-at-scale.ts, BENCH_PORTFOLIOS=${PORTFOLIOS}). \`npm run seed\` publishes`,
    `${PORTFOLIOS} portfolios; the built server (one process, RATE_LIMITS=off) serves views of a random`,
    `portfolio each (wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, a Lua script choosing the username, brotli accepted),`,
    'two passes in a row, while this script fetches /healthz every 20 ms. A second process on the same',
    'database serves the changes. PostgreSQL ran on the same machine. Other work shared the 2 cores.',
    '',
    '| database | pass | views/s | p50 | p99 | /healthz p99 meanwhile | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...table,
    '',
    ...notes,
    'Targets: at least 5,000 views/s with p99 under 50 ms and /healthz p99 under 50 ms; sitemap index and',
    'child under 50 ms; a change served by another process within 1 s; memory bounded by the cache.',
    '',
  ];
  writeFileSync(`bench/results/public-pages-at-scale-${PORTFOLIOS}.md`, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
