import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { releasedBefore } from '../orders/released-names.js';
import { releaseExpiredUsernames } from './release.service.js';
import { sendDueReminders } from './reminders.service.js';
import { DAY_MS } from '../../shared/domain/time.js';

export interface TermScheduleOptions {
  /** How often a pass runs. */
  intervalMs?: number;
  batchSize?: number;
  maxBatches?: number;
}

export interface TermPassCounts {
  reminders: number;
  released: number;
}

/**
 * The clock side of the yearly term, in every app process without a separate cron: queues the
 * reminder emails that are due and releases usernames whose reserved time is over. Both are safe
 * with several processes (a reminder's row is claimed once in the database; deleting a released
 * name twice is harmless). main.ts starts it; tests call runOnce() with a clock of their own.
 */
export class TermSchedule {
  private timer?: NodeJS.Timeout;
  private firstPass?: NodeJS.Timeout;
  private running?: Promise<TermPassCounts>;
  private readonly intervalMs: number;
  /** After one full release pass, later ones look back only a day before its cutoff. */
  private releasedThrough?: string;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    private readonly log: FastifyBaseLogger,
    private readonly options: TermScheduleOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 5 * 60_000;
  }

  start(): void {
    if (this.timer) return;
    // A process restarted more often than the interval still runs, soon after it starts.
    this.firstPass = setTimeout(() => void this.runOnce(), Math.min(30_000, this.intervalMs));
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.firstPass.unref();
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.firstPass);
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; a pass already under way is joined, not doubled. */
  runOnce(now = new Date()): Promise<TermPassCounts> {
    this.running ??= this.pass(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(now: Date): Promise<TermPassCounts> {
    const counts: TermPassCounts = { reminders: 0, released: 0 };
    const batches = { batchSize: this.options.batchSize, maxBatches: this.options.maxBatches };
    try {
      counts.reminders = await sendDueReminders(this.db, this.publicUrl(), now, batches);
      const since = this.releasedThrough;
      const release = await releaseExpiredUsernames(this.db, now, { ...batches, since });
      counts.released = release.released;
      if (release.complete) {
        this.releasedThrough = new Date(Date.parse(releasedBefore(now)) - DAY_MS).toISOString();
      }
      if (counts.reminders || counts.released) this.log.info(counts, 'term reminders and releases');
    } catch (error) {
      // The database may be away for a moment; the next pass tries again.
      this.log.warn({ err: error }, 'term pass failed');
    }
    return counts;
  }
}
