import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { releasedBefore } from '../site/released-names.js';
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
export class TermSchedule extends PeriodicJob<TermPassCounts> {
  /** After one full release pass, later ones look back only a day before its cutoff. */
  private releasedThrough?: string;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: () => string,
    log: FastifyBaseLogger,
    private readonly options: TermScheduleOptions = {},
  ) {
    super(log, {
      ...JOB_SCHEDULES.termSchedule,
      everyMs: options.intervalMs ?? JOB_SCHEDULES.termSchedule.everyMs,
      // The database may be away for a moment; the next pass tries again.
      failedMessage: 'term pass failed',
      failedResult: { reminders: 0, released: 0 },
    });
  }

  protected async pass(now: Date): Promise<TermPassCounts> {
    const batches = { batchSize: this.options.batchSize, maxBatches: this.options.maxBatches };
    const reminders = await sendDueReminders(this.db, this.publicUrl(), now, batches);
    const since = this.releasedThrough;
    const release = await releaseExpiredUsernames(this.db, now, { ...batches, since });
    if (release.complete) {
      this.releasedThrough = new Date(Date.parse(releasedBefore(now)) - DAY_MS).toISOString();
    }
    const counts: TermPassCounts = { reminders, released: release.released };
    if (counts.reminders || counts.released) this.log.info(counts, 'term reminders and releases');
    return counts;
  }
}
