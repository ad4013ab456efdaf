/**
 * A photographer's Phantom portfolio made of their own uploads, viewed on a phone: twelve
 * photo-like JPEGs (3000x2000, detail at every scale) uploaded through POST /api/uploads as the
 * editor sends them, one on each tile and the first also as the profile picture, published, then
 * opened at 375 px wide (device pixel ratio 2, a common phone) without scrolling. Counts every
 * byte the browser fetched (compressed, headers included) until the network is quiet, by kind;
 * then Lighthouse's default mobile run (simulated slow 4G, 4x slower CPU) on the same page.
 * Needs a build.
 * `npx tsx bench/uploaded-portfolio.ts` prints the section and writes
 * bench/results/uploaded-portfolio.md.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { openDatabase } from '../src/server/db/database.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import type { UploadedImage } from '../src/shared/uploads.js';
import { startBuiltServer } from '../test/built-server.js';
import { freePort } from '../test/free-port.js';
import { publishDirectly } from '../test/publish-directly.js';
import { request, signIn } from '../test/signin.js';
import { machineLine } from './harness.js';

const PHOTOS = 12;
const VIEWPORT = { width: 375, height: 812 };
const PIXEL_RATIO = 2;
const TARGET_BYTES = 400 * 1024;
const TARGET_PERFORMANCE = 95;

/**
 * A photo-like JPEG: noise at every scale from broad shapes to fine grain, each scale's strength
 * falling with its detail as in natural photos (a 1/f spectrum), so encoders get neither a flat
 * gradient (too easy) nor pure noise (nothing compresses it). Its own colours per seed.
 */
async function photo(seed: number): Promise<Buffer> {
  const width = 3000;
  const height = 2000;
  const sum = new Float32Array(width * height * 3);
  for (const [scale, weight] of [
    [24, 0.42],
    [96, 0.26],
    [384, 0.16],
    [1536, 0.1],
    [3000, 0.06],
  ] as const) {
    const layer = await sharp({
      create: {
        width: scale,
        height: Math.round((scale * height) / width),
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    for (let index = 0; index < sum.length; index += 1) sum[index]! += layer[index]! * weight;
  }
  const tint = [(seed * 37) % 60, (seed * 53) % 60, (seed * 71) % 60];
  const pixels = Buffer.alloc(sum.length);
  for (let index = 0; index < sum.length; index += 1) {
    pixels[index] = Math.max(0, Math.min(255, sum[index]! - 30 + tint[index % 3]!));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Which kind of file a response is, for the table. */
function kindOf(url: string, type: string): string {
  if (url.includes('/media/')) return 'uploaded images';
  if (type.startsWith('text/html')) return 'HTML';
  if (type.includes('css')) return 'CSS';
  if (type.includes('javascript')) return 'JavaScript';
  if (type.startsWith('font/') || /\.woff2?$/.test(url)) return 'fonts';
  if (type.startsWith('image/')) return 'template images';
  return 'other';
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startBuiltServer({ RATE_LIMITS: 'off' });
  const username = 'bench-uploads';
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const email = `${randomUUID()}@example.com`;
    const jar = await signIn(server.url, { name: 'Bench Photographer', email });
    const refs: string[] = [];
    let uploadedBytes = 0;
    for (let seed = 0; seed < PHOTOS; seed += 1) {
      const bytes = await photo(seed);
      uploadedBytes += bytes.length;
      const answer = await request(jar, `${server.url}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', origin: server.url },
        body: new Uint8Array(bytes),
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
      refs.push(((await answer.json()) as UploadedImage).ref);
    }

    const data = structuredClone(SAMPLE_DATA.template5);
    data.personalDetails.profileImage = refs[0]!;
    const tiles = data.section!.sectionTiles;
    if (tiles.length < PHOTOS) throw new Error(`Phantom's sample has ${tiles.length} tiles`);
    data.section!.sectionTiles = tiles
      .slice(0, PHOTOS)
      .map((tile, n) => ({ ...tile, img: refs[n]! }));
    const { db } = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') });
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await publishDirectly(db, { username, templateId: 'template5', data, ownerId: user.id });
    await db.destroy();
    const url = `${server.url}/users/${username}`;

    // Bytes before the first scroll, in a fresh context (nothing cached).
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: PIXEL_RATIO,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const responses = new Map<string, { url: string; type: string }>();
    const byKind = new Map<string, { bytes: number; files: number }>();
    cdp.on('Network.responseReceived', (event) => {
      responses.set(event.requestId, { url: event.response.url, type: event.response.mimeType });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const response = responses.get(event.requestId);
      if (!response) return;
      const kind = kindOf(response.url, response.type);
      const entry = byKind.get(kind) ?? { bytes: 0, files: 0 };
      entry.bytes += event.encodedDataLength;
      entry.files += 1;
      byKind.set(kind, entry);
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const scrolled = await page.evaluate(() => window.scrollY);
    if (scrolled !== 0) throw new Error('the page scrolled by itself');
    await context.close();
    const totalBytes = [...byKind.values()].reduce((sum, entry) => sum + entry.bytes, 0);
    const totalFiles = [...byKind.values()].reduce((sum, entry) => sum + entry.files, 0);

    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result || result.lhr.runtimeError) {
      throw new Error(`Lighthouse failed: ${result?.lhr.runtimeError?.message ?? 'no result'}`);
    }
    const { lhr } = result;
    const performanceScore = Math.round((lhr.categories.performance!.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
    const costing = lhr.categories
      .performance!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 1)
      .map((item) => `${item!.id} (${item!.score})`);

    const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
    const lines = [
      '## A Phantom portfolio of twelve uploaded photos, on a phone',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
      'Command: `npx tsx bench/uploaded-portfolio.ts` (needs `npm run build`). The built server',
      `(one Node process, SQLite, files on disk); ${PHOTOS} photo-like 3000x2000 JPEGs`,
      `(${kb(uploadedBytes)} together) uploaded through \`POST /api/uploads\`, one per tile and the`,
      'first also as the profile picture, published on Phantom. Chromium opens the page at',
      `${VIEWPORT.width}x${VIEWPORT.height} px, device pixel ratio ${PIXEL_RATIO}, nothing cached, and`,
      'waits for a quiet network without scrolling; bytes are as sent (compressed, with headers).',
      '',
      `Bytes before the first scroll: **${kb(totalBytes)}** in ${totalFiles} files (target under ${kb(TARGET_BYTES)}: ${verdict(totalBytes < TARGET_BYTES)}).`,
      '',
      '| kind | files | bytes |',
      '| --- | ---: | ---: |',
      ...[...byKind.entries()]
        .sort((a, b) => b[1].bytes - a[1].bytes)
        .map(([kind, entry]) => `| ${kind} | ${entry.files} | ${kb(entry.bytes)} |`),
      '',
      `Lighthouse performance, default mobile settings (simulated slow 4G, 4x slower CPU):`,
      `**${performanceScore}** (target at least ${TARGET_PERFORMANCE}: ${verdict(performanceScore >= TARGET_PERFORMANCE)});`,
      `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')},`,
      `TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}.`,
      costing.length ? `Audits that cost points: ${costing.join(', ')}.` : 'No audit cost points.',
      '',
    ];
    writeFileSync('bench/results/uploaded-portfolio.md', lines.join('\n'));
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
