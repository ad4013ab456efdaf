/**
 * Deploys that drop nothing: Caddy with the shipped Caddyfile in front of two app processes on one
 * PostgreSQL database, under steady load (20 connections asking for a public page and the
 * templates API in turn), while each process in turn gets SIGTERM, exits and starts again. Counts
 * every answer that is not a 200. Also the cold start: how long after the first process is ready
 * Caddy sends it traffic.
 * `TEST_DATABASE_URL=postgres://… npx tsx bench/rolling-restart.ts` (after `npm run build`)
 * prints the section and writes bench/results/rolling-restart.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCaddy } from '../test/caddy.js';
import { createTestDatabase } from '../test/database.js';
import { freePort } from '../test/free-port.js';
import { publishDirectly } from '../test/publish-directly.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';
import { SAMPLE_DATA } from '../src/shared/templates/registry.js';
import { machineLine } from './harness.js';

const CONNECTIONS = 20;
const STEADY_MS = 3000;

const database = await createTestDatabase('postgres', { prepare: false });
const ports = [await freePort(), await freePort()];
const caddy = await startCaddy({
  upstream: ports.map((port) => `127.0.0.1:${port}`).join(' '),
  askUrl: `http://127.0.0.1:${ports[0]}/internal/tls-ask`,
  publicHost: '',
  plainHttp: true,
});
const site = `http://127.0.0.1:${caddy.httpPort}`;
const dataDirs = ports.map(() => mkdtempSync(path.join(tmpdir(), 'pb-rolling-')));
const start = (index: number) =>
  startServerProcess({
    dataDir: dataDirs[index]!,
    databaseUrl: database.databaseUrl,
    port: ports[index],
    publicUrl: site,
    env: { RATE_LIMITS: 'off', SESSION_SECRET: 's'.repeat(40), TRUST_PROXY: '127.0.0.1' },
  });
const readyDirect = async (port: number) => {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

try {
  // Cold start: Caddy first, then the first process; when does a request through Caddy succeed?
  let firstThrough = 0;
  const probing = (async () => {
    for (;;) {
      const ok = await fetch(`${site}/api/templates`, { signal: AbortSignal.timeout(15_000) }).then(
        (answer) => answer.ok,
        () => false,
      );
      if (ok) return (firstThrough = performance.now());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const processes: ServerProcess[] = [await start(0)];
  const firstReady = await readyDirect(ports[0]!);
  await probing;
  const coldStartMs = Math.max(0, firstThrough - firstReady);
  processes.push(await start(1));
  await readyDirect(ports[1]!);

  await publishDirectly(database.db, {
    username: 'rolling',
    templateId: 'template2',
    data: SAMPLE_DATA.template2,
  });
  // Both processes have noticed the new page before the measured part begins.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const statuses = new Map<string, number>();
  const note = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  let running = true;
  const paths = ['/users/rolling', '/api/templates'];
  const load = Array.from({ length: CONNECTIONS }, async (_, connection) => {
    for (let i = connection; running; i += 1) {
      try {
        const answer = await fetch(`${site}${paths[i % paths.length]}`, {
          signal: AbortSignal.timeout(30_000),
        });
        await answer.arrayBuffer();
        note(String(answer.status));
      } catch (error) {
        note(`error: ${(error as Error).cause ?? (error as Error).message}`);
      }
    }
  });
  const exits: (number | null)[] = [];
  const restarts: number[] = [];
  await new Promise((resolve) => setTimeout(resolve, STEADY_MS));
  for (const index of [0, 1]) {
    const began = performance.now();
    exits.push(await processes[index]!.stop());
    processes[index] = await start(index);
    await readyDirect(ports[index]!);
    restarts.push(performance.now() - began);
    await new Promise((resolve) => setTimeout(resolve, STEADY_MS));
  }
  running = false;
  await Promise.all(load);
  for (const process of processes) await process.stop();

  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  const failed = total - (statuses.get('200') ?? 0);
  const section = [
    '## Rolling restart behind Caddy',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}, Caddy ${'2.6'} with deploy/Caddyfile,`,
    `two app processes on PostgreSQL, ${CONNECTIONS} connections asking for a public page and`,
    '`/api/templates` in turn; each process in turn gets SIGTERM, exits and starts again',
    '(`TEST_DATABASE_URL=… npx tsx bench/rolling-restart.ts`).',
    '',
    '| | |',
    '| --- | --- |',
    `| requests | ${total.toLocaleString('en-IN')} |`,
    `| not 200 (target 0) | ${failed} |`,
    `| answers | ${[...statuses].map(([key, count]) => `${key}: ${count}`).join(', ')} |`,
    `| exit codes on SIGTERM | ${exits.join(', ')} |`,
    `| each restart, signal to ready again | ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} |`,
    `| cold start: first answer through Caddy after the first process is ready (target < 2 s) | ${(coldStartMs / 1000).toFixed(2)} s |`,
    '',
  ].join('\n');
  process.stdout.write(`${section}\n`);
  writeFileSync('bench/results/rolling-restart.md', section);
} finally {
  await caddy.stop();
  await database.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
