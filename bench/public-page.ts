/**
 * Public portfolio page: throughput and latency next to nginx serving the same bytes as a static
 * file on this machine in the same run, and the page weight of each template.
 * Needs a build (npm run build) and Debian's nginx-light and wrk.
 * Writes bench/results/public-page.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database.js';
import { TEMPLATE_IDS } from '../src/shared/routes.js';
import { SAMPLE_DATA, TEMPLATE_DEFINITIONS } from '../src/shared/templates/registry.js';
import { publishDirectly } from '../test/publish-directly.js';
import { startBuiltServer } from '../test/built-server.js';
import { machineLine } from './harness.js';

const CONNECTIONS = 50;
const SECONDS = 10;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

interface WrkResult {
  requestsPerSecond: number;
  p50: string;
  p99: string;
  errors: string;
}

function wrk(url: string): WrkResult {
  const output = execFileSync('wrk', [
    '-t2',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '--latency',
    url,
  ]).toString();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const p50 = /\s50%\s+([\d.]+\w+)/.exec(output)?.[1] ?? '?';
  const p99 = /\s99%\s+([\d.]+\w+)/.exec(output)?.[1] ?? '?';
  const errors =
    /Non-2xx or 3xx responses: (\d+)|Socket errors: ([^\n]+)/.exec(output)?.[0] ?? 'none';
  return { requestsPerSecond: rps, p50, p99, errors };
}

async function startNginx(html: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pb-nginx-'));
  const port = await freePort();
  writeFileSync(path.join(dir, 'page.html'), html);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  client_body_temp_path ${dir};
  proxy_temp_path ${dir};
  fastcgi_temp_path ${dir};
  uwsgi_temp_path ${dir};
  scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${dir};
  }
}
`,
  );
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'inherit',
  });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/page.html`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url: `http://127.0.0.1:${port}/page.html`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Compressed bytes a first visit downloads, without the person's own images. */
async function pageWeight(base: string, pagePath: string) {
  const get = async (url: string) => {
    const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const length = Number(response.headers.get('content-length') ?? 0);
    const text = await response.text();
    return { text, bytes: length || Buffer.byteLength(text) };
  };
  const page = await get(`${base}${pagePath}`);
  const css = [...page.text.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
  const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
  let total = page.bytes;
  const parts = [`HTML ${(page.bytes / 1024).toFixed(1)}`];
  for (const href of [...css, ...scripts]) {
    const asset = await get(`${base}${href}`);
    total += asset.bytes;
    parts.push(`${href.endsWith('.css') ? 'CSS' : 'JS'} ${(asset.bytes / 1024).toFixed(1)}`);
    if (href.endsWith('.css')) {
      let fonts = 0;
      for (const font of new Set(
        [...asset.text.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1]!),
      )) {
        fonts += (await get(new URL(font, `${base}${href}`).toString())).bytes;
      }
      total += fonts;
      parts.push(`fonts ${(fonts / 1024).toFixed(1)}`);
    }
  }
  return { total, parts };
}

async function main(): Promise<void> {
  const server = await startBuiltServer();
  const { db } = openDatabase({ sqliteFile: path.join(server.dataDir, 'portfolio.db') });
  for (const id of TEMPLATE_IDS) {
    await publishDirectly(db, { username: `bench-${id}`, templateId: id, data: SAMPLE_DATA[id] });
  }
  await db.destroy();
  const base = server.url.replace('localhost', '127.0.0.1');

  const weights: string[] = [];
  for (const id of TEMPLATE_IDS) {
    const { total, parts } = await pageWeight(base, `/users/bench-${id}`);
    weights.push(
      `| ${TEMPLATE_DEFINITIONS[id].name} | ${(total / 1024).toFixed(1)} KB | ${parts.join(', ')} |`,
    );
  }

  // The same bytes as our server's identity answer, from nginx.
  const target = `${base}/users/bench-template5`;
  const html = await (await fetch(target, { headers: { 'accept-encoding': 'identity' } })).text();
  const nginx = await startNginx(html);
  await fetch(target);
  const ours = wrk(target);
  const theirs = wrk(nginx.url);
  await nginx.stop();
  await server.stop();

  const ratio = ours.requestsPerSecond / theirs.requestsPerSecond;
  const lines = [
    '## Public portfolio page',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.`,
    `Command: \`npm run bench\` (bench/public-page.ts): wrk -t2 -c${CONNECTIONS} -d${SECONDS}s --latency, against`,
    `the built server (one Node process, SQLite) and against nginx-light (one worker) serving the same`,
    `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML (Phantom, sample data) as a static file, one after the other on this machine.`,
    '',
    '| server | requests/s | p50 | p99 | errors |',
    '| --- | ---: | ---: | ---: | --- |',
    `| ours: /users/{username} | ${ours.requestsPerSecond.toFixed(0)} | ${ours.p50} | ${ours.p99} | ${ours.errors} |`,
    `| nginx: static file | ${theirs.requestsPerSecond.toFixed(0)} | ${theirs.p50} | ${theirs.p99} | ${theirs.errors} |`,
    '',
    `**Ratio: ${ratio.toFixed(2)} of nginx's requests per second** (target at least 0.7; p99 target under 30 ms).`,
    '',
    "### Page weight (first visit, brotli, without the person's own images; target under 60 KB)",
    '',
    '| template | total | parts (KB) |',
    '| --- | ---: | --- |',
    ...weights,
    '',
  ];
  writeFileSync('bench/results/public-page.md', lines.join('\n'));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
