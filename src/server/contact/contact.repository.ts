import { PostgresAdapter } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { MessageDelivery } from '../../shared/contact.js';
import { usernameWithPortfolio } from '../site/usernames.repository.js';

/** A published page's owner and what decides whether its form takes messages. */
export interface ContactTargetRow {
  userId: string;
  ownerEmail: string;
  ownerName: string;
  data: string;
  paidUntil: string;
  unpublishedAt: string | null;
}

export function findContactTarget(db: Db, username: string): Promise<ContactTargetRow | undefined> {
  return usernameWithPortfolio(db, username)
    .innerJoin('users', 'users.id', 'usernames.user_id')
    .select([
      'users.id as userId',
      'users.email as ownerEmail',
      'users.name as ownerName',
      'portfolios.data as data',
      'portfolios.paid_until as paidUntil',
      'usernames.unpublished_at as unpublishedAt',
    ])
    .executeTakeFirst();
}

/**
 * Messages the owner received since `since`, in all and from one sender, counted after taking
 * the owner's row lock on PostgreSQL: two messages arriving together in two processes take
 * turns, so the daily caps are exact. On SQLite one process runs one transaction at a time, and
 * a transaction of another process that counted before this one wrote cannot write after it
 * (WAL snapshot): it fails instead of going over the cap.
 */
export async function countReceivedSince(
  trx: Tx,
  userId: string,
  since: string,
  senderKey: string,
): Promise<{ all: number; fromSender: number }> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  return receivedSince(trx, userId, since, senderKey);
}

/** The same count without the lock: a first look, to refuse early what the count would refuse. */
export async function receivedSince(
  db: Db | Tx,
  userId: string,
  since: string,
  senderKey: string,
): Promise<{ all: number; fromSender: number }> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('all'),
      eb.fn
        .count<number | string>(eb.case().when('sender_key', '=', senderKey).then(1).end())
        .as('fromSender'),
    ])
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return { all: Number(row.all), fromSender: Number(row.fromSender) };
}

/** Senders' keys of messages from before `before`: they no longer decide anything. */
export async function forgetSendersBefore(db: Db | Tx, before: string): Promise<number> {
  const result = await db
    .updateTable('contact_messages')
    .set({ sender_key: null })
    .where('sender_key', 'is not', null)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface NewContactMessage {
  id: string;
  userId: string;
  username: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  emailId: string;
  createdAt: string;
  senderKey: string;
}

export async function insertContactMessage(trx: Tx, row: NewContactMessage): Promise<void> {
  await trx
    .insertInto('contact_messages')
    .values({
      id: row.id,
      user_id: row.userId,
      username: row.username,
      visitor_name: row.name,
      visitor_email: row.email,
      subject: row.subject,
      message: row.message,
      email_id: row.emailId,
      created_at: row.createdAt,
      sender_key: row.senderKey,
    })
    .execute();
}

export interface ContactMessageRow {
  id: string;
  username: string;
  visitor_name: string;
  visitor_email: string;
  subject: string;
  message: string;
  created_at: string;
  delivery: MessageDelivery;
}

/** The owner's messages, latest first, with the state of the mail that delivers each. */
export async function listContactMessages(
  db: Db,
  userId: string,
  limit: number,
): Promise<ContactMessageRow[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .leftJoin('email_outbox', 'email_outbox.id', 'contact_messages.email_id')
    .select([
      'contact_messages.id',
      'contact_messages.username',
      'contact_messages.visitor_name',
      'contact_messages.visitor_email',
      'contact_messages.subject',
      'contact_messages.message',
      'contact_messages.created_at',
      'email_outbox.status',
    ])
    .where('contact_messages.user_id', '=', userId)
    .orderBy('contact_messages.created_at', 'desc')
    .orderBy('contact_messages.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ status, ...row }) => ({
    ...row,
    // 'sending' is a try in progress; a mail no longer in the outbox was sent and cleared.
    delivery:
      status === 'sent' || status === null ? 'sent' : status === 'failed' ? 'failed' : 'pending',
  }));
}

/** Every message of the person, for account deletion (in its transaction). */
export async function deleteContactMessagesOf(trx: Tx, userId: string): Promise<void> {
  await trx.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
}
