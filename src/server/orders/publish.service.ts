import { randomUUID } from 'node:crypto';
import { PostgresAdapter, type Transaction } from 'kysely';
import { portfolioUrl } from '../../shared/domain/username.js';
import type { Db } from '../db/database.js';
import type { Database, OrdersTable } from '../db/schema.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import { bumpPageGeneration } from '../public-pages/page-generation.js';

export type PublishResult =
  | { status: 'published'; username: string; url: string; email: string }
  | { status: 'credit'; username: string };

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** A unique-constraint failure on either dialect: someone else won a race for the same row. */
export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(message ?? '')
  );
}

/**
 * Publishes a paid order, in one transaction: order paid, username owned, portfolio saved under
 * the user and template, paid until a year ahead, email queued. Called by the client's verify
 * and by the webhook, whichever comes first; for an order already settled it changes nothing.
 * If the name belongs to someone else by now, the order becomes a credit: no money is lost.
 */
export async function publishPaidOrder(
  db: Db,
  orderId: string,
  paymentId: string,
  publicUrl: string,
  now = new Date(),
): Promise<PublishResult> {
  try {
    return await db
      .transaction()
      .execute((trx) => publishInTransaction(trx, orderId, paymentId, publicUrl, now));
  } catch (error) {
    // Another transaction took the name between our read and our write: settle again, now
    // seeing its result (the order becomes a credit, or is already settled).
    if (!isUniqueViolation(error)) throw error;
    return db
      .transaction()
      .execute((trx) => publishInTransaction(trx, orderId, paymentId, publicUrl, now));
  }
}

async function publishInTransaction(
  trx: Transaction<Database>,
  orderId: string,
  paymentId: string,
  publicUrl: string,
  now: Date,
): Promise<PublishResult> {
  const stamp = now.toISOString();
  const order = await lockOrder(trx, orderId);
  const user = await trx
    .selectFrom('users')
    .select(['email'])
    .where('id', '=', order.user_id)
    .executeTakeFirstOrThrow();
  const url = portfolioUrl(publicUrl, order.username);

  if (order.status === 'paid')
    return { status: 'published', username: order.username, url, email: user.email };
  if (order.status === 'credit') return { status: 'credit', username: order.username };

  const owner = await trx
    .selectFrom('usernames')
    .selectAll()
    .where('username', '=', order.username)
    .executeTakeFirst();
  const hold = await trx
    .selectFrom('username_holds')
    .selectAll()
    .where('username', '=', order.username)
    .executeTakeFirst();
  const heldByOther = hold && hold.user_id !== order.user_id && hold.expires_at > stamp;
  if ((owner && owner.user_id !== order.user_id) || heldByOther) {
    await trx
      .updateTable('orders')
      .set({ status: 'credit', payment_id: paymentId, paid_at: stamp, updated_at: stamp })
      .where('id', '=', order.id)
      .execute();
    return { status: 'credit', username: order.username };
  }

  const existing = await trx
    .selectFrom('portfolios')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('template_id', '=', order.template_id)
    .executeTakeFirst();
  // A renewal adds a year to what is left, never less than a year from now.
  const paidFrom = existing && existing.paid_until > stamp ? new Date(existing.paid_until) : now;
  const paidUntil = new Date(paidFrom.getTime() + YEAR_MS).toISOString();
  let portfolioId: string;
  if (existing) {
    portfolioId = existing.id;
    await trx
      .updateTable('portfolios')
      .set({ data: order.data, paid_until: paidUntil, updated_at: stamp })
      .where('id', '=', existing.id)
      .execute();
  } else {
    portfolioId = randomUUID();
    await trx
      .insertInto('portfolios')
      .values({
        id: portfolioId,
        user_id: order.user_id,
        template_id: order.template_id,
        data: order.data,
        paid_until: paidUntil,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }

  if (owner) {
    await trx
      .updateTable('usernames')
      .set({ portfolio_id: portfolioId, updated_at: stamp })
      .where('username', '=', order.username)
      .execute();
  } else {
    await trx
      .insertInto('usernames')
      .values({
        username: order.username,
        user_id: order.user_id,
        portfolio_id: portfolioId,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  await trx.deleteFrom('username_holds').where('username', '=', order.username).execute();
  await trx
    .updateTable('orders')
    .set({ status: 'paid', payment_id: paymentId, paid_at: stamp, updated_at: stamp })
    .where('id', '=', order.id)
    .execute();
  await enqueueEmail(
    trx,
    {
      to: user.email,
      subject: 'Your portfolio is live',
      text: [
        'Thank you for your purchase.',
        '',
        `Your portfolio is published at ${url}`,
        '',
        `It is paid until ${paidUntil.slice(0, 10)}. Updates at the same username are free: sign in, choose the template, pick Update, edit, and submit the same username.`,
        '',
        'Online Portfolio Builder',
      ].join('\n'),
    },
    now,
  );
  await bumpPageGeneration(trx);
  return { status: 'published', username: order.username, url, email: user.email };
}

/**
 * Reads the order for update: on PostgreSQL the row lock makes a concurrent verify and webhook
 * for one order take turns; SQLite runs one write transaction at a time anyway.
 */
async function lockOrder(trx: Transaction<Database>, orderId: string): Promise<OrdersTable> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (postgres ? query.forUpdate() : query).executeTakeFirstOrThrow();
}
