import type { FastifyBaseLogger } from 'fastify';
import type { JobSchedule } from './schedules.js';

/**
 * How soon after start() a `soon` first pass runs at the latest (sooner when the interval is
 * shorter): at a moment picked at random in the second half of that time, so that a process's
 * jobs, and the processes a deploy starts together, do not all run their passes at once (at
 * exactly 30 s they did, holding the event loop between them long enough to delay other
 * requests: bench/RESULTS.md, Public pages at scale: 100,000 portfolios).
 */
const SOON_MS = 30_000;

/** A job's line in JOB_SCHEDULES, and what a pass that throws says and returns. */
export interface PeriodicJobSchedule<T> extends JobSchedule {
  /** Logged with the error when a pass throws; the next pass tries again. */
  failedMessage: string;
  /** What a pass that threw returns. */
  failedResult: T;
}

/**
 * Work that every app process does now and then, without a separate cron (which jobs, how often
 * and under what lock: schedules.ts). server/periodic-jobs.ts starts and stops them; tests call
 * runOnce() with a clock of their own. A job is its pass and its schedule; this owns the rest:
 * passes never overlap (a call while one runs joins it), a pending pass never keeps the process
 * alive, a pass that throws is logged and the next one tries again, and stop() waits for the
 * pass under way.
 */
export abstract class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private firstPass?: NodeJS.Timeout;
  private running?: Promise<T>;
  private succeededAt?: Date;

  constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly schedule: PeriodicJobSchedule<T>,
  ) {}

  /** One pass of the job's work, as at `now`. */
  protected abstract pass(now: Date): Promise<T>;

  start(): void {
    if (this.timer || this.firstPass) return;
    const { everyMs, firstPass } = this.schedule;
    const every = () => {
      this.timer = setInterval(() => void this.runOnce(), everyMs);
      this.timer.unref();
    };
    if (firstPass === 'soon') {
      // The later passes keep the first one's moment, so they stay spread too.
      const soon = Math.min(SOON_MS, everyMs) * (0.5 + Math.random() / 2);
      this.firstPass = setTimeout(() => {
        every();
        void this.runOnce();
      }, soon);
      this.firstPass.unref();
      return;
    }
    every();
    if (firstPass === 'now') void this.runOnce();
  }

  async stop(): Promise<void> {
    clearTimeout(this.firstPass);
    clearInterval(this.timer);
    this.firstPass = undefined;
    this.timer = undefined;
    await this.running;
  }

  get name(): string {
    return this.schedule.name;
  }

  /** When a pass last ended without throwing (wall time), for the metrics. */
  get lastSuccessAt(): Date | undefined {
    return this.succeededAt;
  }

  /** One pass; a pass already under way is joined, not doubled. */
  runOnce(now = new Date()): Promise<T> {
    this.running ??= this.pass(now)
      .then((result) => {
        this.succeededAt = new Date();
        return result;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, this.schedule.failedMessage);
        return this.schedule.failedResult;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
