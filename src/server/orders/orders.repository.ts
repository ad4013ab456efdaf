import { PostgresAdapter, type Insertable, type Selectable } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { OrdersTable } from '../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;

/** What is particular to a new order; the rest of its row is the same for every one. */
export type NewOrder = Omit<
  Insertable<OrdersTable>,
  | 'gateway_order_id'
  | 'currency'
  | 'status'
  | 'payment_id'
  | 'credit_used_by_order_id'
  | 'created_at'
  | 'updated_at'
  | 'paid_at'
  | 'status_message'
>;

/**
 * Stores an order before anyone pays it: created, in INR, and known to the gateway as
 * `pending_<id>` until the gateway's own order is made (setGatewayOrderId).
 */
export async function insertOrder(trx: Tx, order: NewOrder, stamp: string): Promise<void> {
  await trx
    .insertInto('orders')
    .values({
      ...order,
      gateway_order_id: `pending_${order.id}`,
      currency: 'INR',
      status: 'created',
      payment_id: null,
      credit_used_by_order_id: null,
      created_at: stamp,
      updated_at: stamp,
      paid_at: null,
      status_message: null,
    })
    .execute();
}

/** The gateway's id for an order we stored before asking it (until then `pending_<id>`). */
export async function setGatewayOrderId(
  db: Db,
  orderId: string,
  gatewayOrderId: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ gateway_order_id: gatewayOrderId })
    .where('id', '=', orderId)
    .execute();
}

export async function markOrderFailed(trx: Tx, orderId: string, stamp: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'failed', updated_at: stamp })
    .where('id', '=', orderId)
    .execute();
}

/** A paid order settles once: published (`paid`) or kept as a `credit`. */
export async function settleOrder(
  trx: Tx,
  orderId: string,
  status: 'paid' | 'credit',
  paymentId: string,
  stamp: string,
  /** Why a credit is not a page, when it is not the usual taken name. */
  note: string | null = null,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status, payment_id: paymentId, paid_at: stamp, updated_at: stamp, status_message: note })
    .where('id', '=', orderId)
    .execute();
}

/**
 * A paid move of the same person and username made after this order, priced down by unused
 * days: the days this order paid for may have become that move's credit.
 */
export function findLaterCreditedMove(db: Db, order: OrderRow): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('username', '=', order.username)
    .where('kind', '=', 'move')
    .where('status', '=', 'paid')
    .where('proration_paise', '>', 0)
    .where('paid_at', '>', order.paid_at ?? '')
    .orderBy('paid_at')
    .executeTakeFirst();
}

export function findOrderById(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

export async function markRefunded(trx: Tx, orderId: string, stamp: string): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'refunded', refunded_at: stamp, updated_at: stamp })
    .where('id', '=', orderId)
    .execute();
}

/** What the portfolio's paid_until was before this order's publish moved it (null: new). */
export async function setPreviousPaidUntil(
  trx: Tx,
  orderId: string,
  previous: string | null,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ previous_paid_until: previous })
    .where('id', '=', orderId)
    .execute();
}

/** This user's order with the gateway's id (optionally only of one gateway), or undefined. */
export function findOrderOfUser(
  db: Db,
  userId: string,
  gatewayOrderId: string,
  gateway?: string,
): Promise<OrderRow | undefined> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('gateway_order_id', '=', gatewayOrderId)
    .where('user_id', '=', userId);
  if (gateway !== undefined) query = query.where('gateway', '=', gateway);
  return query.executeTakeFirst();
}

export async function findOrderIdByGatewayId(
  db: Db,
  gatewayOrderId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Reads the order for update: on PostgreSQL the row lock makes a concurrent verify and webhook
 * for one order take turns; SQLite runs one write transaction at a time anyway.
 */
export function lockOrder(trx: Tx, orderId: string): Promise<OrderRow> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', orderId);
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  return (postgres ? query.forUpdate() : query).executeTakeFirstOrThrow();
}

/**
 * A signed payment that is not captured yet: the order remembers the payment and why it waits
 * (`authorized` while being confirmed, `capture_failed` when capturing failed), for the retry.
 * Only an order still waiting for its payment moves, and only when no other payment is named on
 * it; false otherwise.
 */
export async function markAwaitingCapture(
  db: Db,
  orderId: string,
  status: 'authorized' | 'capture_failed',
  paymentId: string,
  message: string,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status, payment_id: paymentId, status_message: message, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', 'in', ['created', 'authorized', 'capture_failed'])
    // Never in place of another payment already named: that one may be captured.
    .where((eb) => eb.or([eb('payment_id', 'is', null), eb('payment_id', '=', paymentId)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Names the payment that pays an order not yet paid, unless another payment is named already:
 * only the payment that wins this may be captured, so one order never takes money twice.
 */
export async function claimOrderForPayment(
  db: Db,
  orderId: string,
  paymentId: string,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ payment_id: paymentId, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', 'in', ['created', 'authorized', 'capture_failed'])
    .where((eb) => eb.or([eb('payment_id', 'is', null), eb('payment_id', '=', paymentId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findOrderByGatewayId(
  db: Db,
  gatewayOrderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('gateway_order_id', '=', gatewayOrderId)
    .executeTakeFirst();
}

/** Orders whose signed payment still waits to be captured, oldest first, untouched since `before`. */
export function findOrdersAwaitingCapture(
  db: Db,
  gateway: string,
  before: string,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['authorized', 'capture_failed'])
    .where('gateway', '=', gateway)
    .where('payment_id', 'is not', null)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * A payment that waited for confirmation turned out not to pay this order (another order's, or
 * another amount): the order is payable again, and says why the payment was not taken.
 */
export async function markPaymentRefused(
  db: Db,
  orderId: string,
  message: string,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'created', payment_id: null, status_message: message, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', 'in', ['authorized', 'capture_failed'])
    .execute();
}

/**
 * What the term of this person's portfolio with this template was worth: the latest paid order
 * for it, its payment plus any credit a move carried into it; 0 when none is on record.
 */
export async function latestTermValue(db: Db, userId: string, templateId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select(['amount_paise', 'proration_paise'])
    .where('user_id', '=', userId)
    .where('template_id', '=', templateId)
    .where('status', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  return row ? row.amount_paise + row.proration_paise : 0;
}

/**
 * The payment of this order cannot serve it: the order is closed (`failed`) with the payment
 * named on it and why, and the payment is given back (extra-payments.service.ts).
 */
export async function markOrderUnserved(
  trx: Tx,
  orderId: string,
  paymentId: string,
  message: string,
  stamp: string,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: 'failed', payment_id: paymentId, status_message: message, updated_at: stamp })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Another order of the same person for the same page (username and template) that was paid
 * after this one was made: the two were open at once, so they served one purpose, and the one
 * paid first served it. A renewal ordered after the last one was paid is not such an order.
 */
export function findOverlappingPaidOrder(trx: Tx, order: OrderRow): Promise<OrderRow | undefined> {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', order.user_id)
    .where('username', '=', order.username)
    .where('template_id', '=', order.template_id)
    .where('status', '=', 'paid')
    .where('paid_at', '>', order.created_at)
    .where('id', '!=', order.id)
    .executeTakeFirst();
}

/**
 * Orders of `gateway` due a question to it (see reconciliation.ts), oldest first: unsettled ones
 * made in [createdSince, createdBefore) and not asked about since `checkedBefore`.
 */
export function findOrdersToReconcile(
  db: Db,
  gateway: string,
  due: { createdSince: string; createdBefore: string; checkedBefore: string },
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'created')
    .where('gateway', '=', gateway)
    .where('created_at', '>=', due.createdSince)
    .where('created_at', '<', due.createdBefore)
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', due.checkedBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Orders of `gateway` settled in [paidSince, paidBefore) that nobody has asked about since: a
 * second payment of one may have arrived with no webhook to tell of it.
 */
export function findSettledOrdersToRecheck(
  db: Db,
  gateway: string,
  due: { paidSince: string; paidBefore: string },
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('paid_at', '>=', due.paidSince)
    .where('paid_at', '<', due.paidBefore)
    .where('status', 'in', ['paid', 'credit'])
    .where('gateway', '=', gateway)
    .where('gateway_order_id', 'not like', 'pending%')
    .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', eb.ref('paid_at'))]))
    .orderBy('paid_at')
    .limit(limit)
    .execute();
}

/**
 * Takes this order's turn to be asked about: true for the one caller that moved `checked_at`
 * from what it read, so that processes sweeping at once never ask about one order together.
 */
export async function takeReconcileTurn(db: Db, order: OrderRow, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ checked_at: stamp })
    .where('id', '=', order.id)
    .where('status', '=', order.status)
    .where((eb) =>
      order.checked_at === null
        ? eb('checked_at', 'is', null)
        : eb('checked_at', '=', order.checked_at),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * An order nobody paid: closed (`failed`) with why, and its username hold (if still its own)
 * released; only an order still waiting for a payment moves. False when it was not.
 */
export async function closeUnpaidOrder(
  trx: Tx,
  orderId: string,
  message: string,
  stamp: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'failed', status_message: message, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .where('payment_id', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Forgets a payment named on an unsettled order that the provider says did not pay it. */
export async function releasePaymentClaim(
  db: Db,
  orderId: string,
  paymentId: string,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_id: null, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .where('payment_id', '=', paymentId)
    .execute();
}
