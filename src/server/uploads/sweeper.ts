import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { MediaStorage } from './storage.js';
import { sweepUnreferenced } from './uploads.service.js';

/**
 * Runs the sweep of unreferenced uploads once an hour in every app process (main.ts starts it);
 * the sweep itself is safe to run concurrently. Tests call tick() with a clock of their own.
 */
export class UploadSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly db: Db,
    private readonly storage: MediaStorage,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 60 * 60 * 1000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One sweep; returns how many uploads it deleted (0 while another sweep is running). */
  async tick(now = new Date()): Promise<number> {
    if (this.running) return 0;
    this.running = sweepUnreferenced(this.db, this.storage, now)
      .then((deleted) => {
        if (deleted > 0) this.log.info({ deleted }, 'unreferenced uploads deleted');
        return deleted;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error }, 'upload sweep failed; trying again at the next one');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
