/**
 * Image upload: a 12-megapixel phone photo (JPEG, 4000x3000) from POST /api/uploads to every
 * variant stored (the answer comes once they are), and how the server's event loop fares
 * meanwhile: its delay (perf_hooks.monitorEventLoopDelay) and the latency of GET /healthz pinged
 * every 20 ms during the uploads. The built server runs as its own process, its event loop
 * sampled by bench/event-loop-probe.mjs (preloaded). For reference, the same photos are processed by the same code on the event loop
 * itself, which is what the worker pool avoids. `npx tsx bench/image-upload.ts` prints the
 * section and writes bench/results/image-upload.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import processImage from '../src/server/uploads/image.worker.js';
import { UPLOAD_MAX_PIXELS } from '../src/shared/uploads.js';
import { startServerProcess } from '../test/server-process.js';
import { request, signIn } from '../test/signin.js';
import {
  eventLoopProbeEnv,
  machineLine,
  median,
  readEventLoopProbe,
  type LoopFigures,
} from './harness.js';

const PHOTOS = 5;
const WIDTH = 4000;
const HEIGHT = 3000;
const PING_EVERY_MS = 20;

/** A 12 MP photo-like JPEG: smooth gradients with grain, about the size a phone writes. */
async function photo(seed: number): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: { r: 90 + seed * 20, g: 120, b: 160 - seed * 10 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .blur(0.6)
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: 'BenchPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
}

function loopFigures(histogram: ReturnType<typeof monitorEventLoopDelay>): LoopFigures {
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;
  return {
    p50: ms(histogram.percentile(50)),
    p99: ms(histogram.percentile(99)),
    max: ms(histogram.max),
  };
}

/** Pings `url` every PING_EVERY_MS until stopped; resolves with each answer's latency. */
function pingWhile(url: string): { stop(): Promise<number[]> } {
  const pings: number[] = [];
  let pinging = true;
  const loop = (async () => {
    while (pinging) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      pings.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      pinging = false;
      await loop;
      return pings;
    },
  };
}

export async function measureImageUpload(): Promise<string> {
  const photos: Buffer[] = [];
  for (let seed = 0; seed < PHOTOS + 1; seed += 1) photos.push(await photo(seed));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-upload-'));
  const probeFile = path.join(dataDir, 'event-loop.json');
  const server = await startServerProcess({
    dataDir,
    env: {
      RATE_LIMITS: 'off',
      ...eventLoopProbeEnv(probeFile),
    },
  });
  try {
    const base = server.publicUrl;
    const jar = await signIn(base, { name: 'Bench Person', email: `${randomUUID()}@example.com` });
    const upload = async (bytes: Buffer) => {
      const started = performance.now();
      const answer = await request(jar, `${base}/api/uploads`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg', origin: base },
        body: new Uint8Array(bytes),
      });
      if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
      await answer.arrayBuffer();
      return performance.now() - started;
    };
    // The first upload starts a worker thread; it is measured apart.
    const firstMs = await upload(photos[PHOTOS]!);

    await readEventLoopProbe(server.pid, probeFile);
    const pinger = pingWhile(`${base}/healthz`);
    const times: number[] = [];
    for (const bytes of photos.slice(0, PHOTOS)) times.push(await upload(bytes));
    const pings = await pinger.stop();
    const pool = await readEventLoopProbe(server.pid, probeFile);

    // Reference: the same processing on this process's event loop, pinged the same way.
    const pingTarget = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => pingTarget.listen(0, '127.0.0.1', resolve));
    const address = pingTarget.address();
    const onLoop = monitorEventLoopDelay({ resolution: 5 });
    onLoop.enable();
    const referencePinger = pingWhile(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`,
    );
    const loopTimes: number[] = [];
    for (const bytes of photos.slice(0, PHOTOS)) {
      const started = performance.now();
      const result = await processImage({ bytes, maxPixels: UPLOAD_MAX_PIXELS });
      if (!result.ok) throw new Error(`reference processing refused: ${result.reason}`);
      loopTimes.push(performance.now() - started);
    }
    const referencePings = await referencePinger.stop();
    onLoop.disable();
    pingTarget.close();
    const reference = loopFigures(onLoop);

    const sizeMb = (photos.reduce((sum, p) => sum + p.length, 0) / (PHOTOS + 1) / 2 ** 20).toFixed(
      1,
    );
    const round = (ms: number) => Math.round(ms);
    return [
      '## Image upload: 12-megapixel JPEG to variants ready',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
      'Command: `npx tsx bench/image-upload.ts` (after `npm run build`). The built server on SQLite with',
      `disk storage; ${PHOTOS} different ${WIDTH}x${HEIGHT} JPEGs (${sizeMb} MB each on average) uploaded one after`,
      'another by a signed-in person. The time runs from sending the request to the answer, which',
      'comes once the 4 widths x 3 formats (AVIF, WebP, JPEG) and the Open Graph crop are stored.',
      `Meanwhile \`GET /healthz\` is requested every ${PING_EVERY_MS} ms, and the server's event-loop delay`,
      'is sampled every 5 ms (bench/event-loop-probe.mjs). The reference row runs the same processing',
      "code on the bench process's own event loop, with a trivial HTTP server there pinged the same way.",
      '',
      '| | per photo, median (ms) | slowest (ms) | event-loop delay p50 / p99 / max (ms) | ping while processing, median / slowest (ms) |',
      '| --- | ---: | ---: | ---: | ---: |',
      `| worker pool (as served) | ${round(median(times))} | ${round(Math.max(...times))} | ${pool.p50} / ${pool.p99} / ${pool.max} | ${round(median(pings))} / ${round(Math.max(...pings))} (${pings.length} requests) |`,
      `| same code on the event loop (reference) | ${round(median(loopTimes))} | ${round(Math.max(...loopTimes))} | ${reference.p50} / ${reference.p99} / ${reference.max} | ${round(median(referencePings))} / ${round(Math.max(...referencePings))} (${referencePings.length} requests) |`,
      '',
      `The first upload after start, which also starts a worker thread, took ${round(firstMs)} ms.`,
      'sharp already does its pixel work on threads of its own, so even run on the event loop it',
      'delays the loop little; the pool keeps decoding set-up, encoding hand-offs and the memory of',
      'the pixels off the server thread, and bounds how many images are processed at once (one thread',
      'per spare core, 16 waiting, then `503`). The machine is shared, so single slow samples vary.',
    ].join('\n');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const section = await measureImageUpload();
  process.stdout.write(`${section}\n`);
  writeFileSync('bench/results/image-upload.md', `${section}\n`);
}
