import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
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
export class ExpiredSignInPurge {
  private timer?: NodeJS.Timeout;
  private firstPass?: NodeJS.Timeout;
  private running?: Promise<PurgeCounts>;
  private readonly intervalMs: number;
  private readonly batchSize: number;
  private readonly maxBatches: number;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: ExpiredSignInPurgeOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 10 * 60_000;
    this.batchSize = options.batchSize ?? 500;
    this.maxBatches = options.maxBatches ?? 20;
  }

  start(): void {
    if (this.timer) return;
    // A process restarted more often than the interval still purges, soon after it starts.
    this.firstPass = setTimeout(() => void this.runOnce(), Math.min(30_000, this.intervalMs));
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    // A pending purge never keeps the process alive.
    this.firstPass.unref();
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.firstPass);
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass over both tables; a pass already under way is joined, not doubled. */
  runOnce(now = new Date()): Promise<PurgeCounts> {
    this.running ??= this.pass(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(now: Date): Promise<PurgeCounts> {
    const counts: PurgeCounts = { sessions: 0, loginAttempts: 0 };
    try {
      counts.loginAttempts = await this.inBatches((limit) =>
        deleteExpiredLoginAttempts(this.db, now, limit),
      );
      counts.sessions = await this.inBatches((limit) => deleteExpiredSessions(this.db, now, limit));
      if (counts.sessions || counts.loginAttempts) {
        this.log.info(counts, 'deleted expired sessions and sign-ins');
      }
    } catch (error) {
      // The database may be away for a moment; the next pass tries again.
      this.log.warn({ err: error }, 'purge of expired sessions failed');
    }
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
