import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';

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
