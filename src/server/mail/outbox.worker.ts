import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { Mailer } from './mailer.js';
import { claimEmail, dueEmails, markFailedAttempt, markSent } from './outbox.repository.js';

/** A claim outlasts the longest send the mailer allows (see SEND_LIMITS_MS in mailer.ts). */
const LOCK_MS = 60_000;
const MAX_ATTEMPTS = 12;

/** 10 s, 20 s, 40 s ... capped at an hour: a mail outage of a day still delivers. */
export function retryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** attempts, 60 * 60 * 1000);
}

/**
 * Sends what the outbox holds. Every app process runs one; a claim in the database makes each
 * mail go out from one process only. Publishing never waits for mail.
 */
export class OutboxWorker {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs = 2000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.mailer.close();
  }

  /** One pass over the due mails; returns how many were sent. */
  async tick(now = new Date()): Promise<number> {
    if (this.running) return 0;
    let sent = 0;
    this.running = (async () => {
      try {
        for (const row of await dueEmails(this.db, now, 20)) {
          const claim = await claimEmail(this.db, row, now, LOCK_MS);
          if (!claim) continue;
          let delivered = false;
          try {
            await this.mailer.send({
              to: row.to_address,
              subject: row.subject,
              text: row.text_body,
              ...(row.reply_to ? { replyTo: row.reply_to } : {}),
            });
            delivered = true;
          } catch (error) {
            const attempts = row.attempts + 1;
            const next =
              attempts >= MAX_ATTEMPTS ? undefined : new Date(Date.now() + retryDelayMs(attempts));
            const recorded = await markFailedAttempt(
              this.db,
              row,
              claim,
              error instanceof Error ? error.message : String(error),
              next,
            );
            this.log.warn(
              { err: error, mailId: row.id, attempts, recorded },
              next ? 'mail not sent; will retry' : 'mail not sent; giving up',
            );
          }
          if (delivered) {
            // Should the database be away right now, the claim lapses and the mail goes again:
            // a rare duplicate rather than a lost mail.
            if (await markSent(this.db, row.id, claim, new Date())) sent += 1;
            else this.log.warn({ mailId: row.id }, 'mail sent after its claim lapsed');
          }
        }
      } catch (error) {
        // The database may be away for a moment; the next pass tries again.
        this.log.warn({ err: error }, 'outbox pass failed');
      }
    })();
    await this.running;
    this.running = undefined;
    return sent;
  }
}
