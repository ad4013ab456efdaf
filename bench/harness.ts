import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  unlinkSync,
} from 'node:fs';
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
  /** The garbage collector's longest pause (the probe's figures only). */
  gcMax?: number;
  /** process.memoryUsage() in MB when the probe was read (the probe's figures only). */
  memory?: {
    rss: number;
    heapTotal: number;
    heapUsed: number;
    external: number;
    arrayBuffers: number;
  };
}

/** The environment that preloads bench/event-loop-probe.mjs into a server process. */
export const eventLoopProbeEnv = (file: string, resolutionMs = 5) => ({
  NODE_OPTIONS: `--import=${pathToFileURL(path.resolve('bench/event-loop-probe.mjs')).href}`,
  EVENT_LOOP_PROBE_FILE: file,
  EVENT_LOOP_PROBE_RESOLUTION_MS: String(resolutionMs),
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

let clockTicks: number | undefined;
/** The kernel's clock ticks a second (/proc counts CPU time in them), asked once when needed. */
function clockTicksPerSecond(): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  return clockTicks;
}

/**
 * The numeric fields of /proc/<pid>/stat after the command name (which may hold spaces): the
 * first is the state, the second the parent's pid.
 */
function statFieldsOf(pid: number): number[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
}

/** The one child of `parent` (nginx's worker under its master), found through /proc. */
export function childOf(parent: number): number {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (statFieldsOf(Number(entry))[1] === parent) return Number(entry);
    } catch {
      // The process ended meanwhile.
    }
  }
  throw new Error(`no child of process ${parent}`);
}

/**
 * CPU time (user and system, in seconds) the process has used so far, all its threads; with
 * `reapedChildren`, also that of its children that have ended.
 */
export function cpuSecondsOf(pid: number, reapedChildren = false): number {
  // utime, stime, cutime and cstime are the 14th to 17th fields.
  const fields = statFieldsOf(pid);
  const own = fields[11]! + fields[12]!;
  return (reapedChildren ? own + fields[13]! + fields[14]! : own) / clockTicksPerSecond();
}

/**
 * CPU time of every process on this machine whose command is `command` (PostgreSQL's server
 * processes, say), with their ended children's: a connection's process that ends during a
 * measurement is counted in its parent's. Zero when the server runs on another machine.
 */
export function cpuSecondsOfCommand(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) {
        total += cpuSecondsOf(Number(entry), true);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The machine's busy and total CPU time so far (seconds, all cores), from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  // user, nice, system, idle, iowait, irq, softirq, steal: guest time is counted in user already.
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th.
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return { busy: (total - idle) / clockTicksPerSecond(), total: total / clockTicksPerSecond() };
}

/**
 * Reads `files` once, end to end, so that the kernel holds them in its page cache (as it would
 * on a server whose database is in steady use): a measurement of views should not be one of the
 * disk behind a virtual machine that handed the cache back to its host.
 */
export function readIntoOsCache(files: string[]): void {
  const chunk = Buffer.alloc(1 << 20);
  for (const file of files.filter((each) => existsSync(each))) {
    const fd = openSync(file, 'r');
    try {
      while (readSync(fd, chunk, 0, chunk.length, null) > 0);
    } finally {
      closeSync(fd);
    }
  }
}

/**
 * How much of `files` the kernel holds in its page cache (bytes cached of bytes in all), read
 * with util-linux's fincore. A database that is not held is read from the disk: some virtual
 * machines hand idle page cache back to their host within minutes of a file being written.
 */
export function shareInOsCache(files: string[]): { cached: number; size: number } {
  const present = files.filter((file) => existsSync(file));
  if (present.length === 0) return { cached: 0, size: 0 };
  const output = execFileSync('fincore', [
    '--bytes',
    '--noheadings',
    '--raw',
    '--output',
    'RES,SIZE',
    ...present,
  ]).toString();
  let cached = 0;
  let size = 0;
  for (const line of output.trim().split('\n')) {
    const [res, total] = line.trim().split(/\s+/).map(Number);
    cached += res ?? 0;
    size += total ?? 0;
  }
  return { cached, size };
}
