/**
 * Uploads under hostile pressure, against the built server (SQLite, disk storage):
 * - memory: 15 people each keep 2 uploads of 15 MB unfinished (14 MB sent, the rest never);
 *   how much the server's resident memory grows;
 * - decode bombs: 2 people keep uploading progressive JPEGs of 2,647 scans (2 in flight each)
 *   while a third uploads an ordinary 1200x800 photo 5 times, and a stylesheet is fetched every
 *   200 ms; how long the photo and the stylesheet take;
 * - shutdown: SIGTERM while the bombs and a photo are in flight; how long until the process exits.
 * `npx tsx bench/upload-pressure.ts` (after `npm run build`) prints the section and writes
 * bench/results/upload-pressure.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { phoneJpegWithGps, progressiveJpegBomb } from '../test/images.js';
import { startServerProcess } from '../test/server-process.js';
import { request, signIn, type CookieJar } from '../test/signin.js';
import { machineLine, median } from './harness.js';

const MB = 1024 * 1024;
const PHOTOS = 5;

const residentMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const upload = (url: string, jar: CookieJar, body: Buffer) =>
  request(jar, `${url}/api/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'image/jpeg', origin: url },
    body: new Uint8Array(body),
  }).then(async (answer) => {
    await answer.arrayBuffer();
    return answer.status;
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'pb-bench-pressure-'));
const server = await startServerProcess({ dataDir, env: { RATE_LIMITS: 'off' } });
const people = await Promise.all(
  Array.from({ length: 17 }, (_, index) =>
    signIn(server.url, { name: `Person ${index}`, email: `pressure-${index}@example.com` }),
  ),
);

// Memory: 30 unfinished uploads.
const before = residentMb(server.pid);
const unfinished: Socket[] = [];
for (const jar of people.slice(0, 15)) {
  for (let index = 0; index < 2; index += 1) {
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${server.url}\r\n` +
        `Cookie: ${jar.header()}\r\nContent-Type: image/jpeg\r\nContent-Length: ${15 * MB}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.write(Buffer.alloc(14 * MB, 7), resolve));
    unfinished.push(socket);
  }
}
const incoming = path.join(dataDir, 'incoming');
while (readdirSync(incoming).length < unfinished.length) {
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const grown = residentMb(server.pid) - before;
for (const socket of unfinished) socket.destroy();

// Decode bombs from two people while a third uploads photos.
const bomb = progressiveJpegBomb(8000, 6000);
const photo = await phoneJpegWithGps(1200, 800);
let bombing = true;
const bombers = people.slice(15, 17).flatMap((jar) =>
  [0, 1].map(async () => {
    const statuses: number[] = [];
    while (bombing) statuses.push(await upload(server.url, jar, bomb));
    return statuses;
  }),
);
const stylesheet = (/href="(\/assets\/[^"]+\.css)"/.exec(
  await (await fetch(`${server.url}/choose`)).text(),
) ?? [])[1];
const sheetTimes: number[] = [];
const sheets = (async () => {
  while (bombing) {
    const started = performance.now();
    await (await fetch(`${server.url}${stylesheet ?? '/healthz'}`)).arrayBuffer();
    sheetTimes.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
})();
const photoTimes: number[] = [];
const photoStatuses: number[] = [];
const third = people[0]!;
for (let index = 0; index < PHOTOS; index += 1) {
  const started = performance.now();
  // Each a different file, so none is the one already stored.
  photoStatuses.push(await upload(server.url, third, Buffer.concat([photo, Buffer.from([index])])));
  photoTimes.push(performance.now() - started);
}
bombing = false;
const bombStatuses = (await Promise.all(bombers)).flat();
await sheets;

// Shutdown with bombs and a photo in flight.
const inFlight = [
  ...people.slice(15, 17).map((jar) => upload(server.url, jar, bomb).catch(() => 0)),
  upload(server.url, third, Buffer.concat([photo, Buffer.from([99])])).catch(() => 0),
];
const stopping = performance.now();
const exitCode = await server.stop();
const stopMs = performance.now() - stopping;
await Promise.all(inFlight);
rmSync(dataDir, { recursive: true, force: true });

const round = (ms: number) => Math.round(ms);
const section = [
  '## Uploads under pressure: unfinished bodies, decode bombs, shutdown',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
  'Command: `npx tsx bench/upload-pressure.ts` (after `npm run build`). The built server on SQLite',
  'with disk storage and rate limits off (the pressure is the point, not the limits).',
  '',
  '| | target | measured |',
  '| --- | --- | ---: |',
  `| server memory grown by 30 unfinished 15 MB uploads (14 MB sent each) | < 150 MB | ${round(grown)} MB |`,
  `| a third person's 1200x800 photo while 2 people upload 2,647-scan bombs, ${PHOTOS} times | < 8 s each, all stored | median ${round(median(photoTimes))} ms, slowest ${round(Math.max(...photoTimes))} ms; answers ${photoStatuses.join(', ')} |`,
  `| a stylesheet meanwhile, every 200 ms | < 2 s | median ${round(median(sheetTimes))} ms, slowest ${round(Math.max(...sheetTimes))} ms (${sheetTimes.length} requests) |`,
  `| SIGTERM with bombs and a photo in flight | exit 0 within 15 s | exit ${exitCode} after ${round(stopMs)} ms |`,
  '',
  `The bombs were answered ${[...new Set(bombStatuses)].join(', ')} (${bombStatuses.length} in all): refused from their markers before any decoding.`,
].join('\n');
process.stdout.write(`${section}\n`);
writeFileSync('bench/results/upload-pressure.md', `${section}\n`);
