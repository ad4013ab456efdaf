import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { forgetSendersBefore } from './contact.repository.js';

/**
 * Clears the senders' keys of messages from before today (UTC, the day the per-sender allowance
 * counts), for every owner, once an hour in every app process: a key is kept only while it can
 * still refuse a message. Clearing a key twice is harmless.
 */
export class SenderKeyPurge extends PeriodicJob<number> {
  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
    intervalMs: number = JOB_SCHEDULES.contactSenderKeys.everyMs,
  ) {
    super(log, {
      ...JOB_SCHEDULES.contactSenderKeys,
      everyMs: intervalMs,
      failedMessage: 'clearing contact senders failed; trying again next hour',
      failedResult: 0,
    });
  }

  /** One pass; returns how many keys it cleared. */
  protected pass(now: Date): Promise<number> {
    return forgetSendersBefore(this.db, `${now.toISOString().slice(0, 10)}T00:00:00.000Z`);
  }
}
