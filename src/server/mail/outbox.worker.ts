import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
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
export class OutboxWorker extends PeriodicJob<number> {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    log: FastifyBaseLogger,
    intervalMs: number = JOB_SCHEDULES.mailOutbox.everyMs,
  ) {
    // The database may be away for a moment; the next pass tries again.
    super(log, {
      ...JOB_SCHEDULES.mailOutbox,
      everyMs: intervalMs,
      failedMessage: 'outbox pass failed',
      failedResult: 0,
    });
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.mailer.close();
  }

  /** One pass over the due mails; returns how many were sent. */
  protected async pass(now: Date): Promise<number> {
    let sent = 0;
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
    return sent;
  }
}
