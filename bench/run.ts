/**
 * npm run bench: runs every benchmark (each writes bench/results/<name>.md), then gathers them
 * into bench/RESULTS.md. Needs a build, Debian's chromium, nginx-light and wrk; PostgreSQL figures
 * when TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/test).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { machineLine } from './harness.js';

const BENCHES = [
  'bench/public-page.ts',
  'bench/public-pages-at-scale.ts',
  'bench/lighthouse.ts',
  'bench/lighthouse-builder.ts',
  'bench/preview-latency.ts',
  // The same keystrokes on a CPU slowed 4x, as a phone's (preview-latency-4x.md).
  'BENCH_CPU_SLOWDOWN=4 bench/preview-latency.ts',
  'bench/builder-size.ts',
  'bench/publish-throughput.ts',
  'bench/render-sweep.ts',
  'bench/image-upload.ts',
  'bench/uploaded-portfolio.ts',
  'bench/upload-pressure.ts',
  'bench/rolling-restart.ts',
];

// --collect-only gathers the last results without measuring again.
const measure = !process.argv.includes('--collect-only');
for (const entry of measure ? BENCHES : []) {
  const [bench, ...settings] = entry.split(' ').reverse();
  if (!bench || !existsSync(bench)) continue;
  process.stdout.write(`\n== ${entry}\n`);
  // Stylesheet imports load as nothing: the seed and the renderer reach the templates' modules.
  execFileSync(
    process.execPath,
    ['--import', 'tsx', '--import', './src/server/stylesheet-imports-hook.ts', bench],
    {
      stdio: 'inherit',
      env: { ...process.env, ...Object.fromEntries(settings.map((pair) => pair.split('='))) },
    },
  );
}

const sections = readdirSync('bench/results')
  .filter((file) => file.endsWith('.md'))
  .sort()
  .map((file) => readFileSync(`bench/results/${file}`, 'utf8').trim());
writeFileSync(
  'bench/RESULTS.md',
  [
    '# Benchmark results',
    '',
    `Gathered by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)} (${machineLine()}).`,
    'Each section says when, on what machine and how it was measured; figures from one run, compared with a reference measured in the same run where a target is a ratio.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n'),
);
process.stdout.write('\nWrote bench/RESULTS.md\n');
