import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import type { MediaStorage } from './storage.js';
import { sweepUnreferenced } from './uploads.service.js';

/**
 * Runs the sweep of unreferenced uploads once an hour in every app process (main.ts starts it);
 * the sweep itself is safe to run concurrently. Tests call runOnce() with a clock of their own.
 */
export class UploadSweeper extends PeriodicJob<number> {
  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
    log: FastifyBaseLogger,
    intervalMs: number = JOB_SCHEDULES.uploadSweep.everyMs,
  ) {
    super(log, {
      ...JOB_SCHEDULES.uploadSweep,
      everyMs: intervalMs,
      failedMessage: 'upload sweep failed; trying again at the next one',
      failedResult: 0,
    });
  }

  /** One sweep; returns how many uploads it deleted. */
  protected async pass(now: Date): Promise<number> {
    const deleted = await sweepUnreferenced(this.db, this.storage, now);
    if (deleted > 0) this.log.info({ deleted }, 'unreferenced uploads deleted');
    return deleted;
  }
}
