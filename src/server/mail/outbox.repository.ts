import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { Selectable, Transaction } from 'kysely';
import type { Database, EmailOutboxTable } from '../db/schema.js';

export type OutboxRow = Selectable<EmailOutboxTable>;

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** Where the recipient's Reply goes (a visitor's address on a contact message). */
  replyTo?: string;
}

/**
 * Queues a mail inside the caller's transaction: it exists exactly when the change it reports
 * does. Returns the mail's id.
 */
export async function enqueueEmail(
  trx: Transaction<Database>,
  email: Email,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('email_outbox')
    .values({
      id,
      reply_to: email.replyTo ?? null,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      last_error: null,
      created_at: now.toISOString(),
      sent_at: null,
    })
    .execute();
  return id;
}

export function dueEmails(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  const stamp = now.toISOString();
  return db
    .selectFrom('email_outbox')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', stamp)]),
        // A process that died while sending left its claim behind: take it over once it lapses.
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', stamp)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a mail for this process until `now + lockMs`. Returns the claim (the new locked_until,
 * which the later updates must still find), or undefined when another process got there first.
 * The row must be exactly as read, lock included: two processes taking over the same lapsed
 * claim at once would otherwise both win and both send.
 */
export async function claimEmail(
  db: Db,
  row: OutboxRow,
  now: Date,
  lockMs: number,
): Promise<string | undefined> {
  const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'sending', locked_until: lockedUntil })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .where('attempts', '=', row.attempts)
    .where('locked_until', row.locked_until === null ? 'is' : '=', row.locked_until)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n ? lockedUntil : undefined;
}

/**
 * Records the delivery, if this process still holds the claim (false when its claim lapsed and
 * another process took the mail over; that one decides).
 */
export async function markSent(db: Db, id: string, claim: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({ status: 'sent', sent_at: now.toISOString(), locked_until: null })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', claim)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Records a failed try and when to try again (or gives up without `nextAttempt`), if this
 * process still holds the claim: a slow failure must not undo another process's delivery.
 */
export async function markFailedAttempt(
  db: Db,
  row: OutboxRow,
  claim: string,
  error: string,
  nextAttempt: Date | undefined,
): Promise<boolean> {
  const result = await db
    .updateTable('email_outbox')
    .set({
      status: nextAttempt ? 'pending' : 'failed',
      attempts: row.attempts + 1,
      next_attempt_at: (nextAttempt ?? new Date()).toISOString(),
      locked_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'sending')
    .where('locked_until', '=', claim)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** How many mails wait to be sent, and when the oldest of them was queued (for the metrics). */
export async function outboxBacklog(
  db: Db,
): Promise<{ waiting: number; oldestQueuedAt: string | null }> {
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('waiting'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'sending'])
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting), oldestQueuedAt: row.oldest ?? null };
}
