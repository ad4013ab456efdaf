import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, unlinkSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What machine a figure was measured on, for the results file. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const cores = execFileSync('nproc').toString().trim();
  return `${cores} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export const median = (values: number[]) => percentile(values, 50);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Event-loop delay in milliseconds. */
export interface LoopFigures {
  p50: number;
  p99: number;
  max: number;
}

/** The environment that preloads bench/event-loop-probe.mjs into a server process. */
export const eventLoopProbeEnv = (file: string) => ({
  NODE_OPTIONS: `--import=${pathToFileURL(path.resolve('bench/event-loop-probe.mjs')).href}`,
  EVENT_LOOP_PROBE_FILE: file,
});

/** What the process's event-loop probe saw since the previous call (it starts again). */
export async function readEventLoopProbe(pid: number, file: string): Promise<LoopFigures> {
  if (existsSync(file)) unlinkSync(file);
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; !existsSync(file); waited += 10) {
    if (waited > 5000) throw new Error('the event-loop probe did not answer');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
  return JSON.parse(readFileSync(file, 'utf8')) as LoopFigures;
}
