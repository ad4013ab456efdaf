/**
 * Public pages with many portfolios: views spread at random over all of them (wrk with a Lua
 * script), /healthz meanwhile; the sitemap index and every child fetched over and over while a
 * publish makes the process rebuild them (each file's time, the process's longest event-loop
 * stall from bench/event-loop-probe.mjs, and the URLs listed counted against the portfolios);
 * portfolios published through one process (create-order, the test gateway's payment,
 * /verify-payment) until another process serves them; and the memory of the process serving the
 * views against PAGE_CACHE_MB. SQLite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * BENCH_PORTFOLIOS sets how many portfolios are seeded (default 10,000).
 * Needs a build (npm run build) and Debian's wrk. Writes bench/results/public-pages-at-scale-<N>.md.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Worker } from 'node:worker_threads';
import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../src/server/db/database.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { createTestDatabase } from '../test/database.js';
import { freePort } from '../test/free-port.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { request, signIn, type CookieJar } from '../test/signin.js';
import {
  cpuSecondsOf,
  cpuSecondsOfCommand,
  eventLoopProbeEnv,
  machineCpuSeconds,
  machineLine,
  median,
  percentile,
  readEventLoopProbe,
  readIntoOsCache,
  shareInOsCache,
} from './harness.js';

const PORTFOLIOS = Number(process.env.BENCH_PORTFOLIOS ?? 10_000);
/**
 * A phone browser's: a view without a browser's User-Agent is not counted as a visit, so it would
 * skip the visitor counting (and its flushes to the database) that every real view pays for.
 */
const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
/** sqlite or postgres: measure that database alone (both by default). */
const ONLY_DATABASE = process.env.BENCH_DATABASE;
const CONNECTIONS = 50;
const SECONDS = 10;
/**
 * Views before the measured passes, not measured: a process just started compiles its code as
 * it runs and reads SQLite's index pages into its cache, and for a second or two a view costs
 * several times what it costs after (p99 200-600 ms in that first second, against 25-60 ms
 * once warm, on this machine). A deployment's process meets it once, at start.
 */
const WARM_UP_SECONDS = 5;
const PAGE_CACHE_MB = 64;
/** Portfolios published through the API, each until another process serves it. */
const PUBLISHES = 5;

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
async function randomViews(base: string, script: string, seconds = SECONDS): Promise<Load> {
  const { spawn } = await import('node:child_process');
  const child = spawn('wrk', [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
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

/**
 * The /healthz prober, run in a worker thread: this script's own event loop is held for tens of
 * milliseconds at a time reading 100,000 URLs out of the sitemaps, and a probe timed on it
 * would count that wait as the server's.
 */
const HEALTH_PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let finished = false;
parentPort.on('message', () => (finished = true));
(async () => {
  // Untimed: a thread's first fetch loads and compiles the HTTP client (a few hundred ms).
  await (await fetch(workerData.url)).arrayBuffer();
  while (!finished) {
    const start = performance.now();
    await (await fetch(workerData.url)).arrayBuffer();
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Latencies of /healthz, one request every 20 ms, until `done` settles. */
async function probeHealth(base: string, done: Promise<unknown>): Promise<number[]> {
  const worker = new Worker(HEALTH_PROBE, { eval: true, workerData: { url: `${base}/healthz` } });
  const latencies = new Promise<number[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await done.catch(() => undefined);
  worker.postMessage('stop');
  const result = await latencies;
  await worker.terminate();
  return result;
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
};

/** A state-changing call as the builder makes it; throws unless the answer is 2xx. */
async function post(
  jar: CookieJar,
  target: ServerProcess,
  origin: string,
  route: string,
  body: unknown,
): Promise<unknown> {
  const response = await request(jar, `${target.url}${route}`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * A new person (one portfolio per template each, so each publish is a new portfolio) orders
 * `username` on `target` and pays at the test gateway; `publish` then sends /verify-payment, the
 * call the builder makes after the checkout, which publishes.
 */
async function paidOrder(
  target: ServerProcess,
  origin: string,
  username: string,
  name: string,
): Promise<{ jar: CookieJar; publish: () => Promise<void> }> {
  const jar = await signIn(origin, { name, email: `${username}@example.com` });
  const data = structuredClone(SAMPLE_DATA.template1);
  data.personalDetails.name = name;
  const order = (await post(jar, target, origin, '/create-order', {
    templateId: 'template1',
    currency: 'INR',
    receipt: String(Date.now()),
    username,
    data,
  })) as { order_id: string };
  const paid = await post(jar, target, origin, '/test-gateway/pay', { order_id: order.order_id });
  return {
    jar,
    publish: async () => {
      const verified = (await post(jar, target, origin, '/verify-payment', paid)) as {
        status?: string;
      };
      if (verified.status !== 'published')
        throw new Error(`not published: ${JSON.stringify(verified)}`);
    },
  };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

/**
 * One crawl of the sitemaps: the index, then every child it lists; each request timed. With
 * `only`, the usernames found are that one if listed, and no other: a child is searched for it
 * instead of read URL by URL. While the server's rebuilds are measured this script crawls
 * without pause on the same two cores, and reading 100,000 URLs out of every crawl took most of
 * a core from the server (a crawler of a search engine runs elsewhere).
 */
async function crawlSitemaps(
  base: string,
  publicUrl: string,
  times: number[],
  only?: string,
): Promise<{ children: number; usernames: string[] }> {
  /** The body; undefined for a status in `gone`; anything else but 200 is an error. */
  async function get(url: string): Promise<Buffer>;
  async function get(url: string, gone: number[]): Promise<Buffer | undefined>;
  async function get(url: string, gone: number[] = []): Promise<Buffer | undefined> {
    // Timed until the last byte as sent (gzip, as crawlers ask): unzipping and reading 4 MB is
    // the crawler's work, done after the clock stops.
    const start = performance.now();
    const { status, encoding, body } = await new Promise<{
      status: number;
      encoding: string | undefined;
      body: Buffer;
    }>((resolve, reject) => {
      httpGet(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      }).on('error', reject);
    });
    times.push(performance.now() - start);
    if (gone.includes(status)) return undefined;
    if (status !== 200) throw new Error(`${url}: ${status}`);
    return encoding === 'gzip' ? gunzipSync(body) : body;
  }
  // A rebuild between the index and a child can take that child away (one fewer after an
  // unpublish), as it would for a search engine's crawler: start the crawl again then.
  for (;;) {
    const children = locs((await get(`${base}/sitemap.xml`)).toString('utf8'));
    const usernames: string[] = [];
    let complete = true;
    for (const child of children) {
      const xml = await get(child.replace(publicUrl, base), [404]);
      if (xml === undefined) {
        complete = false;
        break;
      }
      if (only !== undefined) {
        if (xml.includes(`/users/${only}</loc>`)) usernames.push(only);
        continue;
      }
      for (const url of locs(xml.toString('utf8'))) {
        usernames.push(url.slice(url.lastIndexOf('/users/') + '/users/'.length));
      }
    }
    if (complete) return { children: children.length, usernames };
  }
}

/** Polls `target` until the page at `username` shows `name`. */
async function servedBy(target: ServerProcess, username: string, name: string): Promise<void> {
  const start = performance.now();
  for (;;) {
    const response = await fetch(`${target.url}/users/${username}`);
    const html = await response.text();
    if (response.status === 200 && html.includes(name)) return;
    if (performance.now() - start > 30_000) throw new Error(`${username} never served`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

interface CpuReading {
  at: number;
  server: number;
  database: number;
  machine: { busy: number; total: number };
}

/** Cores used over a pass: the serving process, PostgreSQL's processes, the whole machine. */
interface PassCpu {
  server: number;
  database: number;
  /** The share of all the machine's cores that was busy. */
  machineBusy: number;
}

function cpuNow(pid: number, dialect: 'sqlite' | 'postgres'): CpuReading {
  return {
    at: performance.now(),
    server: cpuSecondsOf(pid),
    database: dialect === 'postgres' ? cpuSecondsOfCommand('postgres') : 0,
    machine: machineCpuSeconds(),
  };
}

function cpuSince(before: CpuReading, after: CpuReading): PassCpu {
  const seconds = (after.at - before.at) / 1000;
  return {
    server: (after.server - before.server) / seconds,
    database: (after.database - before.database) / seconds,
    machineBusy:
      (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total),
  };
}

/** The files of the PostgreSQL database `db` is connected to (needs the server on this machine). */
async function postgresDatabaseFiles(db: Db): Promise<() => string[]> {
  const { rows } = await sql<{ directory: string; oid: number }>`
    select current_setting('data_directory') as directory, oid from pg_database
    where datname = current_database()`.execute(db);
  const folder = path.join(rows[0]!.directory, 'base', String(rows[0]!.oid));
  return () => readdirSync(folder).map((file) => path.join(folder, file));
}

async function measure(dialect: 'sqlite' | 'postgres'): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-scale-bench-'));
  const database =
    dialect === 'postgres' ? await createTestDatabase('postgres', { prepare: false }) : undefined;
  const databaseUrl = database?.databaseUrl;
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  // Production, as a deployment runs (React's production build renders the pages), with the
  // built-in gateway and the development sign-in allowed so that the bench can pay and publish.
  const env = {
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ALLOW_TEST_PAYMENTS: 'true',
    ALLOW_DEV_SIGNIN: 'true',
    MAIL_TRANSPORT: 'log',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PAGE_CACHE_MB: String(PAGE_CACHE_MB),
  };
  const probeFile = path.join(dataDir, 'event-loop.json');
  // The files the database keeps its pages in, to tell how much of them the kernel holds.
  const databaseFiles = database
    ? await postgresDatabaseFiles(database.db)
    : () => ['portfolio.db', 'portfolio.db-wal'].map((file) => path.join(dataDir, file));

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

  // A serves the views and the sitemaps, with its event loop sampled; B serves A's publishes.
  const a: ServerProcess = await startServerProcess({
    dataDir,
    databaseUrl,
    port,
    publicUrl,
    env: { ...env, ...eventLoopProbeEnv(probeFile, 1) },
  });
  const b: ServerProcess = await startServerProcess({ dataDir, databaseUrl, publicUrl, env });
  const script = path.join(dataDir, 'random-views.lua');
  writeFileSync(
    script,
    `math.randomseed(os.time())
wrk.headers["Accept-Encoding"] = "br, gzip"
wrk.headers["User-Agent"] = "${PHONE_BROWSER}"
request = function()
  return wrk.format("GET", "/users/seed-" .. math.random(1, ${PORTFOLIOS}))
end
`,
  );
  const lines: string[] = [];
  try {
    const rssBefore = rssMb(a.pid);
    await randomViews(a.url, script, WARM_UP_SECONDS);
    await readEventLoopProbe(a.pid, probeFile);
    // Two passes after the warm-up, the second to show whether the first was still settling.
    // Where the CPU went during each pass: wrk, this script, the database and the server share
    // the machine's cores, so the views a core of the serving process gives are reported too.
    const rounds: { load: Load; health: number[]; cpu: PassCpu; inOsCache: number }[] = [];
    for (let round = 0; round < 2; round += 1) {
      readIntoOsCache(databaseFiles());
      const held = shareInOsCache(databaseFiles());
      const before = cpuNow(a.pid, dialect);
      const load = randomViews(a.url, script);
      const health = await probeHealth(a.url, load);
      rounds.push({
        load: await load,
        health,
        cpu: cpuSince(before, cpuNow(a.pid, dialect)),
        inOsCache: held.size ? held.cached / held.size : 0,
      });
    }
    const rssAfter = rssMb(a.pid);
    const viewsLoop = await readEventLoopProbe(a.pid, probeFile);

    // A publish through B, until A serves it and lists it in its sitemaps: every child is
    // fetched and the URLs counted. Unmeasured otherwise: it also moves each process's change
    // watermark past the seed's bulk writes, which the first change check after them re-reads
    // (it looks 15 s behind the latest change it saw, and the seed wrote thousands meanwhile).
    const stamp = Date.now().toString(36);
    const sitemapUsername = `bench-sitemap-${stamp}`;
    const sitemapOrder = await paidOrder(b, publicUrl, sitemapUsername, 'Sitemap Trigger');
    await sitemapOrder.publish();
    await servedBy(a, sitemapUsername, 'Sitemap Trigger');
    const crawlUntil = async (listed: boolean, times: number[]) => {
      const start = performance.now();
      for (;;) {
        const crawl = await crawlSitemaps(a.url, publicUrl, times, sitemapUsername);
        if (crawl.usernames.includes(sitemapUsername) === listed) {
          return { ...crawl, ms: performance.now() - start };
        }
        if (performance.now() - start > 120_000) throw new Error('the sitemaps never changed');
      }
    };
    /**
     * The listing as one build has it: a crawl that began before a rebuild and ended after it
     * reads the index of one build and children of the next (a child's URLs shift by one when a
     * name sorts into an earlier child), so crawl again until two crawls in a row agree.
     */
    const settledListing = async () => {
      let previous = (await crawlSitemaps(a.url, publicUrl, [])).usernames;
      for (let tries = 0; tries < 20; tries += 1) {
        const next = await crawlSitemaps(a.url, publicUrl, []);
        const same = next.usernames.length === previous.length;
        if (same && next.usernames.every((name, i) => name === previous[i])) return next;
        previous = next.usernames;
      }
      throw new Error('the sitemaps never settled');
    };
    await crawlUntil(true, []);
    const sitemap = await settledListing();
    const listedUrls = sitemap.usernames.length;
    const duplicates = listedUrls - new Set(sitemap.usernames).size;
    const expectedUrls = PORTFOLIOS + 1;

    // Then the owner takes it offline and back through B (no page to render, only the sitemaps
    // to rebuild), while A's sitemaps are crawled over and over, /healthz probed and A's event
    // loop sampled: what a rebuild costs the requests that arrive during it.
    const sitemapTimes: number[] = [];
    const owner = (action: 'unpublish' | 'publish') =>
      post(
        sitemapOrder.jar,
        b,
        publicUrl,
        `/api/account/portfolios/${sitemapUsername}/${action}`,
        {},
      );
    await readEventLoopProbe(a.pid, probeFile);
    const sitemapWork = (async () => {
      await owner('unpublish');
      const dropped = await crawlUntil(false, sitemapTimes);
      await owner('publish');
      const back = await crawlUntil(true, sitemapTimes);
      return { droppedMs: dropped.ms, backMs: back.ms };
    })();
    const sitemapHealth = await probeHealth(a.url, sitemapWork);
    const rebuilds = await sitemapWork;
    const sitemapLoop = await readEventLoopProbe(a.pid, probeFile);
    const back = (await settledListing()).usernames;
    const backUrls = back.length;
    const backDuplicates = backUrls - new Set(back).size;

    // Portfolios published through A, each timed from its /verify-payment until B serves it.
    const delays: number[] = [];
    for (let publish = 1; publish <= PUBLISHES; publish += 1) {
      const username = `bench-publish-${publish}-${stamp}`;
      const name = `Published Name ${publish} ${stamp}`;
      const order = await paidOrder(a, publicUrl, username, name);
      const start = performance.now();
      await order.publish();
      await servedBy(b, username, name);
      delays.push(performance.now() - start);
    }

    const label = dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    for (const [index, round] of rounds.entries()) {
      const { cpu, load } = round;
      const perCore = load.requestsPerSecond / cpu.server;
      lines.push(
        `| ${label} | ${index === 0 ? 'first pass' : 'second pass'} | ${(round.inOsCache * 100).toFixed(0)}% | ${load.requestsPerSecond.toFixed(0)} | ${load.p50Ms.toFixed(2)} ms | ${load.p99Ms.toFixed(2)} ms | ${percentile(round.health, 99).toFixed(1)} ms (max ${Math.max(...round.health).toFixed(1)}) | ${cpu.server.toFixed(2)} | ${perCore.toFixed(0)} | ${dialect === 'postgres' ? cpu.database.toFixed(2) : '-'} | ${(cpu.machineBusy * 100).toFixed(0)}% | ${load.errors} |`,
      );
    }
    lines.push(
      '',
      `${label}: seeded ${PORTFOLIOS} portfolios in ${seedSeconds.toFixed(0)} s. ` +
        `Event loop of the process serving the views, max stall during the views ${viewsLoop.max.toFixed(1)} ms (longest GC pause ${viewsLoop.gcMax?.toFixed(1)} ms). ` +
        `Sitemaps (index and all ${sitemap.children} children) after a publish through the other process: URLs listed ${listedUrls} of ${expectedUrls} expected (${PORTFOLIOS} seeded and the one published), ${duplicates} duplicates${listedUrls === expectedUrls && duplicates === 0 ? '' : ' (MISMATCH)'}. ` +
        `Crawled over and over while its owner took it offline and back through the other process: left the sitemaps after ${rebuilds.droppedMs.toFixed(0)} ms, back after ${rebuilds.backMs.toFixed(0)} ms (${backUrls} URLs, ${backDuplicates} duplicates); ` +
        `${sitemapTimes.length} sitemap requests meanwhile (each timed to its last byte, gzip as sent), p50 ${median(sitemapTimes).toFixed(1)} ms, max ${Math.max(...sitemapTimes).toFixed(1)} ms; /healthz max ${Math.max(...sitemapHealth).toFixed(1)} ms; event loop max stall ${sitemapLoop.max.toFixed(1)} ms (p99 ${sitemapLoop.p99.toFixed(1)} ms, longest GC pause ${sitemapLoop.gcMax?.toFixed(1)} ms). ` +
        `Publish through one process (/verify-payment) until the other served the new page: median ${median(delays).toFixed(0)} ms, max ${Math.max(...delays).toFixed(0)} ms (${PUBLISHES} publishes). ` +
        `Memory (RSS) of the process serving the views: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after, ${(rssAfter - rssBefore).toFixed(0)} MB more with PAGE_CACHE_MB ${PAGE_CACHE_MB}` +
        (viewsLoop.memory
          ? `; at the end of the views, V8's heap ${viewsLoop.memory.heapTotal} MB (${viewsLoop.memory.heapUsed} MB in use) and buffers outside it ${viewsLoop.memory.external} MB (the page cache's bodies among them).`
          : '.'),
      '',
    );
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await database?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const table: string[] = [];
  const notes: string[] = [];
  const dialects = [
    'sqlite' as const,
    ...(process.env.TEST_DATABASE_URL ? ['postgres' as const] : []),
  ].filter((dialect) => !ONLY_DATABASE || dialect === ONLY_DATABASE);
  for (const dialect of dialects) {
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
    `portfolio each (wrk -t2 -c${CONNECTIONS} -d${SECONDS}s, a Lua script choosing the username, brotli accepted, a phone browser's User-Agent so that each view is counted as a visit),`,
    `two passes in a row after ${WARM_UP_SECONDS} s of the same views not measured (a process just started compiles its code as it runs),`,
    'while this script fetches /healthz every 20 ms. A second process on the same',
    'database serves the changes. PostgreSQL, wrk and this script ran on the same machine: the',
    'columns on the right say how many cores the serving process and PostgreSQL used during each',
    'pass, how busy all the cores were, and the views one core of the serving process gave.',
    "Before each pass the database's files are read once, end to end: this machine hands idle page",
    'cache back to its host within minutes, and a pass should measure the server, not that disk. The',
    'OS cache column says how much of the files the kernel then held: a page not held is read from the disk.',
    '',
    '| database | pass | database in OS cache | views/s | p50 | p99 | /healthz p99 meanwhile | server cores | views/s per server core | PostgreSQL cores | machine busy | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...table,
    '',
    ...notes,
    'Targets: at least 5,000 views/s with p99 under 50 ms and /healthz p99 under 50 ms; sitemap requests',
    'under 50 ms and no event-loop stall over 20 ms while they are rebuilt, every published portfolio',
    'listed once; a publish served by another process within 1 s; memory bounded by the cache.',
    '',
  ];
  writeFileSync(`bench/results/public-pages-at-scale-${PORTFOLIOS}.md`, lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
