import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { forgetSendersBefore } from './contact.repository.js';

/**
 * Clears the senders' keys of messages from before today (UTC, the day the per-sender allowance
 * counts), for every owner, once an hour in every app process: a key is kept only while it can
 * still refuse a message. Clearing a key twice is harmless.
 */
export class SenderKeyPurge {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 60 * 60 * 1000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One pass; returns how many keys it cleared (a pass under way is joined, not doubled). */
  runOnce(now = new Date()): Promise<number> {
    this.running ??= forgetSendersBefore(this.db, `${now.toISOString().slice(0, 10)}T00:00:00.000Z`)
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'clearing contact senders failed; trying again next hour');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
