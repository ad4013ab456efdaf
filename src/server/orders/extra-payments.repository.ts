import type { Selectable } from 'kysely';
import type { Db, Tx } from '../db/database.js';
import type { RefundReason } from '../../shared/orders.js';
import type { ExtraPaymentsTable } from '../db/schema.js';

export type ExtraPaymentRow = Selectable<ExtraPaymentsTable>;

/**
 * Marks a payment as one to give back, once: a second finding of the same payment (the verify
 * and the webhook at once, two sweeping processes) changes nothing. True when this call wrote it.
 */
export async function recordExtraPayment(
  db: Db | Tx,
  payment: { paymentId: string; orderId: string; gateway: string; reason: RefundReason },
  stamp: string,
): Promise<boolean> {
  const result = await db
    .insertInto('extra_payments')
    .values({
      payment_id: payment.paymentId,
      order_id: payment.orderId,
      gateway: payment.gateway,
      reason: payment.reason,
      status: 'pending',
      amount_paise: null,
      refund_id: null,
      detail: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.column('payment_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Why this payment was marked to be refunded, if it was. */
export async function findExtraPaymentReason(
  db: Db,
  paymentId: string,
): Promise<RefundReason | undefined> {
  const row = await db
    .selectFrom('extra_payments')
    .select('reason')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row?.reason;
}

export function findExtraPayment(db: Db, paymentId: string): Promise<ExtraPaymentRow | undefined> {
  return db
    .selectFrom('extra_payments')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** Payments of `gateway` still to give back, untouched since `before`, oldest first. */
export function findPendingExtraPayments(
  db: Db,
  gateway: string,
  before: string,
  limit: number,
): Promise<ExtraPaymentRow[]> {
  return db
    .selectFrom('extra_payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('gateway', '=', gateway)
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * Takes a pending payment's turn: true for the one caller that moved its `updated_at` from what
 * it read, so that processes sweeping at once never ask the gateway to refund it twice.
 */
export async function takeExtraPaymentTurn(
  db: Db,
  row: ExtraPaymentRow,
  stamp: string,
): Promise<boolean> {
  const result = await db
    .updateTable('extra_payments')
    .set({ updated_at: stamp })
    .where('payment_id', '=', row.payment_id)
    .where('status', '=', 'pending')
    .where('updated_at', '=', row.updated_at)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends a pending payment: refunded by us, or never kept by the provider. False if not pending. */
export async function closeExtraPayment(
  trx: Tx | Db,
  paymentId: string,
  outcome: {
    status: 'refunded' | 'not_taken';
    amount: number | null;
    refundId: string | null;
    detail: string | null;
  },
  stamp: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('extra_payments')
    .set({
      status: outcome.status,
      amount_paise: outcome.amount,
      refund_id: outcome.refundId,
      detail: outcome.detail,
      updated_at: stamp,
    })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Why the last attempt to give it back did not finish; it is tried again later. */
export async function noteExtraPaymentAttempt(
  db: Db,
  paymentId: string,
  detail: string,
  stamp: string,
): Promise<void> {
  await db
    .updateTable('extra_payments')
    .set({ detail, updated_at: stamp })
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .execute();
}
