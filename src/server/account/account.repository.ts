import { PostgresAdapter } from 'kysely';
import { erasedSubject } from '../auth/users.repository.js';
import { deleteVisitsOf } from '../visits/visits.repository.js';
import type { Db, Tx } from '../db/database.js';

/** A username of the person with the portfolio it serves. */
export interface OwnedNameRow {
  username: string;
  portfolio_id: string;
  template_id: string;
  paid_until: string;
  unpublished_at: string | null;
  created_at: string;
}

export function listOwnedNames(db: Db, userId: string): Promise<OwnedNameRow[]> {
  return db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .select([
      'usernames.username',
      'usernames.portfolio_id',
      'portfolios.template_id',
      'portfolios.paid_until',
      'usernames.unpublished_at',
      'usernames.created_at',
    ])
    .where('usernames.user_id', '=', userId)
    .orderBy('usernames.created_at')
    .orderBy('usernames.username')
    .execute();
}

export interface PaidOrderRow {
  id: string;
  username: string;
  template_id: string;
  paid_at: string | null;
  amount_paise: number;
  currency: string;
  refunded_at: string | null;
  receipt_number: string | null;
}

/** Orders that took money and published (or were meant to publish) a page. */
export function listPaidOrders(db: Db, userId: string): Promise<PaidOrderRow[]> {
  return db
    .selectFrom('orders')
    .leftJoin('receipts', 'receipts.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.username',
      'orders.template_id',
      'orders.paid_at',
      'orders.amount_paise',
      'orders.currency',
      'orders.refunded_at',
      'receipts.number as receipt_number',
    ])
    .where('orders.user_id', '=', userId)
    .where('orders.status', 'in', ['paid', 'refunded'])
    .orderBy('orders.paid_at', 'desc')
    .execute();
}

/** Payments of this person's orders that served nothing and were given back, newest first. */
export function listRefundedPayments(db: Db, userId: string) {
  return db
    .selectFrom('extra_payments')
    .innerJoin('orders', 'orders.id', 'extra_payments.order_id')
    .select([
      'extra_payments.payment_id',
      'extra_payments.reason',
      'extra_payments.amount_paise',
      'extra_payments.updated_at',
      'orders.username',
      'orders.currency',
    ])
    .where('orders.user_id', '=', userId)
    .where('extra_payments.status', '=', 'refunded')
    .orderBy('extra_payments.updated_at', 'desc')
    .execute();
}

export async function setUnpublished(
  trx: Tx,
  username: string,
  unpublishedAt: string | null,
  stamp: string,
): Promise<void> {
  // updated_at moves too, so every process's change check sees this name (stored-pages.service.ts).
  await trx
    .updateTable('usernames')
    .set({ unpublished_at: unpublishedAt, updated_at: stamp })
    .where('username', '=', username)
    .execute();
}

/** Releases a name: its row and its stored page go. */
export async function deleteName(trx: Tx, username: string): Promise<void> {
  await trx.deleteFrom('rendered_pages').where('username', '=', username).execute();
  await trx.deleteFrom('usernames').where('username', '=', username).execute();
  await deleteVisitsOf(trx, [username]);
}

/** Deletes the portfolio unless another name still serves it; true when it went. */
export async function deletePortfolioIfUnused(trx: Tx, portfolioId: string): Promise<boolean> {
  const other = await trx
    .selectFrom('usernames')
    .select('username')
    .where('portfolio_id', '=', portfolioId)
    .executeTakeFirst();
  if (other) return false;
  await trx.deleteFrom('portfolios').where('id', '=', portfolioId).execute();
  return true;
}

/** What "Download my data" holds; every list is bounded (see account.service.ts). */
export async function readExport(db: Db, userId: string, maxRows: number) {
  const profile = await db
    .selectFrom('users')
    .select(['name', 'given_name', 'email', 'email_verified', 'picture', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const portfolios = await db
    .selectFrom('portfolios')
    .select(['template_id', 'data', 'paid_until', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('template_id')
    .execute();
  const usernames = await db
    .selectFrom('usernames')
    .innerJoin('portfolios', 'portfolios.id', 'usernames.portfolio_id')
    .select([
      'usernames.username',
      'portfolios.template_id',
      'usernames.created_at',
      'usernames.unpublished_at',
    ])
    .where('usernames.user_id', '=', userId)
    .orderBy('usernames.created_at', 'desc')
    .limit(maxRows + 1)
    .execute();
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'template_id',
      'username',
      'amount_paise',
      'currency',
      'status',
      'payment_id',
      'created_at',
      'paid_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(maxRows + 1)
    .execute();
  const messages = await db
    .selectFrom('contact_messages')
    .select(['username', 'visitor_name', 'visitor_email', 'subject', 'message', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(maxRows + 1)
    .execute();
  return { profile, portfolios, usernames, orders, messages };
}

/** For the operator: a payment that still arrives for such an order is refunded on its own. */
const ERASED_BEFORE_PAYMENT =
  'The account was deleted before this order was paid; a payment arriving for it is refunded.';

/**
 * Everything personal of one person, in the caller's transaction. Orders stay (accounting law)
 * with their document and username blanked; the users row stays as a blank tombstone because
 * orders and uploads point at it, with a subject no sign-in can match.
 */
export async function erasePerson(trx: Tx, userId: string, stamp: string): Promise<string[]> {
  const query = trx.selectFrom('users').select(['email']).where('id', '=', userId);
  // On PostgreSQL the lock makes two deletions of one account take turns.
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const user = await (postgres ? query.forUpdate() : query).executeTakeFirstOrThrow();
  const names = await trx
    .selectFrom('usernames')
    .select('username')
    .where('user_id', '=', userId)
    .execute();
  const usernames = names.map((row) => row.username);
  if (usernames.length > 0) {
    await trx.deleteFrom('rendered_pages').where('username', 'in', usernames).execute();
  }
  await deleteVisitsOf(trx, usernames);
  await trx.deleteFrom('usernames').where('user_id', '=', userId).execute();
  await trx.deleteFrom('username_holds').where('user_id', '=', userId).execute();
  await trx.deleteFrom('portfolios').where('user_id', '=', userId).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  // Snapshots of the person's drafts, shared by link.
  await trx.deleteFrom('preview_links').where('user_id', '=', userId).execute();
  // Provider payloads of the person's payments carry their email and phone number.
  await trx
    .updateTable('payment_events')
    .set({ payload: '{}' })
    .where('gateway_order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('gateway_order_id').where('user_id', '=', userId),
    )
    .execute();
  // An order still waiting for its payment can no longer be paid: the claim of a payment
  // refuses it, so the provider returns an uncaptured payment to the buyer.
  await trx
    .updateTable('orders')
    .set({ status: 'failed', status_message: ERASED_BEFORE_PAYMENT, updated_at: stamp })
    .where('user_id', '=', userId)
    .where('status', 'in', ['created', 'authorized', 'capture_failed'])
    .execute();
  await trx
    .updateTable('orders')
    .set({
      data: '{}',
      username: '',
      billing_name: null,
      billing_address: null,
      updated_at: stamp,
    })
    .where('user_id', '=', userId)
    .execute();
  // Messages visitors sent to the person's pages (their mails go with the outbox rows below).
  await trx.deleteFrom('contact_messages').where('user_id', '=', userId).execute();
  // Receipts stay for the seller's accounts (number, date, amounts, tax, a business's GSTIN);
  // who the buyer was goes.
  await trx
    .updateTable('receipts')
    .set({
      buyer_name: '',
      buyer_email: '',
      billing_name: null,
      billing_address: null,
      username: '',
    })
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('user_id', '=', userId),
    )
    .execute();
  if (user.email !== '') {
    await trx.deleteFrom('email_outbox').where('to_address', '=', user.email).execute();
  }
  await trx
    .updateTable('users')
    .set({
      subject: erasedSubject(userId),
      email: '',
      email_verified: 0,
      name: '',
      given_name: null,
      picture: null,
      updated_at: stamp,
    })
    .where('id', '=', userId)
    .execute();
  return usernames;
}
