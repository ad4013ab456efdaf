/**
 * Reconciling an order with its gateway: what the sweep (reconciliation.worker.ts) does with each
 * order the fast paths left unsettled, and with each settled one once more. Every payment it
 * finds is settled through the same door as verify (settlement.service.ts).
 */
import { HOLD_MINUTES } from '../../shared/orders.js';
import { HOUR_MS, MINUTE_MS } from '../../shared/domain/time.js';
import { inTransaction } from '../db/database.js';
import { GatewayError, type GatewayPayment } from '../payments/gateway.js';
import { OrderError } from './errors.js';
import { refundPaymentOf } from './extra-payments.service.js';
import { deleteHoldOfOrder } from './holds.repository.js';
import { closeUnpaidOrder, releasePaymentClaim, type OrderRow } from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';
import { settlePayment } from './settlement.service.js';

/** When the sweep and the retries act; tests pass a clock, the process the wall time. */
export const RECONCILE = {
  /** An order's own paths (verify, webhook) get this long before the sweep asks about it. */
  firstAskAfterMs: 5 * MINUTE_MS,
  /** In its first hour an unsettled order is asked about this often, then every 6 hours. */
  youngMs: HOUR_MS,
  youngEveryMs: 10 * MINUTE_MS,
  oldEveryMs: 6 * HOUR_MS,
  /** An order without any payment after this long is closed. */
  closeUnpaidAfterMs: 24 * HOUR_MS,
  /** A settled order is asked about once more this long after it was paid, for a second payment. */
  recheckSettledAfterMs: 10 * MINUTE_MS,
  recheckSettledWithinMs: 2 * 24 * HOUR_MS,
  /** A signed payment whose capture failed is tried again after this long. */
  captureRetryAfterMs: MINUTE_MS,
  /** A payment to give back whose refund did not finish is tried again after this long. */
  refundRetryAfterMs: 10 * MINUTE_MS,
  /** Each kind of work takes at most this many items per pass… */
  batch: 200,
  /** …and a pass stops taking new items after this long; the next pass goes on. */
  passBudgetMs: 50_000,
} as const;

/**
 * Every captured payment of the order other than `kept` serves nothing: each is marked and
 * refunded. Returns how many were refunded now.
 */
export async function refundOtherPayments(
  ctx: OrdersContext,
  order: OrderRow,
  kept: string | null,
  now: Date,
  payments?: GatewayPayment[],
): Promise<number> {
  let listed = payments;
  if (!listed) {
    try {
      listed = await ctx.gateway.listOrderPayments(order.gateway_order_id);
    } catch (error) {
      if (error instanceof GatewayError) return 0;
      throw error;
    }
  }
  let refunded = 0;
  for (const payment of listed) {
    if (payment.id === kept || payment.status !== 'captured') continue;
    const outcome = await refundPaymentOf(ctx, order, payment.id, 'duplicate', now);
    if (outcome === 'refunded') refunded += 1;
  }
  return refunded;
}

export type ReconcileOutcome = 'settled' | 'confirming' | 'unpaid' | 'closed' | 'unreachable';

/**
 * Asks the order's gateway for its payments and settles the order with the one that paid it:
 * the payment already named on the order if it still pays, else the first captured, else the
 * first authorized (captured now). Every other captured payment is refunded. An order nobody
 * paid is closed once no checkout could still pay it.
 */
export async function reconcileOrder(
  ctx: OrdersContext,
  order: OrderRow,
  now: Date,
): Promise<ReconcileOutcome> {
  const age = now.getTime() - Date.parse(order.created_at);
  // Never known to the gateway (the process stopped before it answered): nobody could pay it.
  if (order.gateway_order_id.startsWith('pending_')) {
    return age > HOLD_MINUTES * MINUTE_MS ? closeUnpaid(ctx, order, now) : 'unpaid';
  }
  let payments: GatewayPayment[];
  try {
    payments = await ctx.gateway.listOrderPayments(order.gateway_order_id);
  } catch (error) {
    if (error instanceof GatewayError) return 'unreachable';
    throw error;
  }
  const pays = (payment: GatewayPayment) =>
    payment.amount === order.amount_paise &&
    payment.currency === order.currency &&
    (payment.status === 'captured' || payment.status === 'authorized');
  const usable = payments.filter(pays);
  if (order.payment_id && !usable.some((payment) => payment.id === order.payment_id)) {
    await releasePaymentClaim(ctx.db, order.id, order.payment_id, now.toISOString());
  }
  const chosen =
    usable.find((payment) => payment.id === order.payment_id) ??
    usable.find((payment) => payment.status === 'captured') ??
    usable[0];
  if (!chosen) {
    return age > RECONCILE.closeUnpaidAfterMs ? closeUnpaid(ctx, order, now) : 'unpaid';
  }
  let outcome: ReconcileOutcome;
  try {
    const result = await settlePayment(ctx, order, chosen.id, now);
    outcome = result.status === 'confirming' ? 'confirming' : 'settled';
  } catch (error) {
    if (!(error instanceof OrderError)) throw error;
    outcome = 'unpaid';
  }
  if (outcome === 'settled') await refundOtherPayments(ctx, order, chosen.id, now, payments);
  return outcome;
}

async function closeUnpaid(ctx: OrdersContext, order: OrderRow, now: Date): Promise<'closed'> {
  await inTransaction(ctx.db, async (trx) => {
    const message = 'No payment arrived for this order; it was closed.';
    if (await closeUnpaidOrder(trx, order.id, message, now.toISOString())) {
      await deleteHoldOfOrder(trx, order.id);
    }
  });
  return 'closed';
}
