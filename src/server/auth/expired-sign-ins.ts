import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { deleteExpiredLoginAttempts } from './login-attempts.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

export interface ExpiredSignInPurgeOptions {
  /** How often a pass runs. */
  intervalMs?: number;
  /** Rows one statement deletes: each statement stays short, so requests are not held up. */
  batchSize?: number;
  /** Statements per table and pass; what is left waits for the next pass. */
  maxBatches?: number;
}

export interface PurgeCounts {
  sessions: number;
  loginAttempts: number;
}

/**
 * Deletes expired sessions and sign-ins in progress (login_attempts), which nothing else ever
 * removes: a session that is never used again, or a sign-in that was never finished, would stay
 * forever. Every app process runs one; deleting an expired row twice is harmless.
 */
export class ExpiredSignInPurge extends PeriodicJob<PurgeCounts> {
  private readonly batchSize: number;
  private readonly maxBatches: number;

  constructor(
    private readonly db: Db,
    log: FastifyBaseLogger,
    options: ExpiredSignInPurgeOptions = {},
  ) {
    super(log, {
      ...JOB_SCHEDULES.expiredSignIns,
      everyMs: options.intervalMs ?? JOB_SCHEDULES.expiredSignIns.everyMs,
      // The database may be away for a moment; the next pass tries again.
      failedMessage: 'purge of expired sessions failed',
      failedResult: { sessions: 0, loginAttempts: 0 },
    });
    this.batchSize = options.batchSize ?? 500;
    this.maxBatches = options.maxBatches ?? 20;
  }

  /** One pass over both tables. */
  protected async pass(now: Date): Promise<PurgeCounts> {
    const loginAttempts = await this.inBatches((limit) =>
      deleteExpiredLoginAttempts(this.db, now, limit),
    );
    const sessions = await this.inBatches((limit) => deleteExpiredSessions(this.db, now, limit));
    const counts: PurgeCounts = { sessions, loginAttempts };
    if (sessions || loginAttempts) this.log.info(counts, 'deleted expired sessions and sign-ins');
    return counts;
  }

  private async inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < this.maxBatches; batch += 1) {
      const deleted = await deleteBatch(this.batchSize);
      total += deleted;
      if (deleted < this.batchSize) break;
      // Let waiting requests run between statements (SQLite runs them on this thread).
      await nextTurn();
    }
    return total;
  }
}
