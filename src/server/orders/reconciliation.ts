/**
 * The net under the webhooks: every process asks, now and then, what became of the payments the
 * fast paths did not settle (a crash between capture and publish, an answer lost on the way, a
 * webhook that never came), and settles each through the same door as verify. Safe in every
 * process at once: each order and each payment to give back is taken by one caller at a time,
 * and settling is exactly-once anyway.
 */
import type { FastifyBaseLogger } from 'fastify';
import { inTransaction } from '../db/database.js';
import { HOLD_MINUTES } from '../../shared/orders.js';
import { GatewayError, type GatewayPayment } from '../payments/gateway.js';
import { OrderError } from './errors.js';
import {
  findPendingExtraPayments,
  recordExtraPayment,
  takeExtraPaymentTurn,
} from './extra-payments.repository.js';
import { giveBackPayment } from './extra-payments.service.js';
import { deleteHoldOfOrder } from './holds.repository.js';
import {
  closeUnpaidOrder,
  findOrdersAwaitingCapture,
  findOrdersToReconcile,
  releasePaymentClaim,
  takeReconcileTurn,
  type OrderRow,
} from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';
import { settlePayment } from './settlement.service.js';
import { PeriodicJob } from '../jobs/periodic-job.js';

const MINUTE_MS = 60_000;

/** When the sweep and the retries act; tests pass a clock, the process the wall time. */
export const RECONCILE = {
  /** An order's own paths (verify, webhook) get this long before the sweep asks about it. */
  firstAskAfterMs: 5 * MINUTE_MS,
  /** In its first hour an unsettled order is asked about this often, then hourly. */
  youngMs: 60 * MINUTE_MS,
  youngEveryMs: 5 * MINUTE_MS,
  oldEveryMs: 60 * MINUTE_MS,
  /** An order without any payment after this long is closed. */
  closeUnpaidAfterMs: 24 * 60 * MINUTE_MS,
  /** A signed payment whose capture failed is tried again after this long. */
  captureRetryAfterMs: MINUTE_MS,
  /** A payment to give back whose refund did not finish is tried again after this long. */
  refundRetryAfterMs: 10 * MINUTE_MS,
  batch: 50,
} as const;

export interface ReconcileCounts {
  /** Orders settled (published, credited or given back) by this pass. */
  settled: number;
  /** Orders closed because nobody paid them. */
  closed: number;
  /** Payments given back by this pass. */
  refunded: number;
}

const at = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/** The periodic pass: failed captures first, then unsettled orders, then refunds left to finish. */
export class PaymentReconciliation extends PeriodicJob<ReconcileCounts> {
  constructor(
    private readonly ctx: OrdersContext,
    log: FastifyBaseLogger,
    intervalMs = MINUTE_MS,
  ) {
    super(log, {
      everyMs: intervalMs,
      firstPass: 'soon',
      failedMessage: 'payment reconciliation pass failed',
      failedResult: { settled: 0, closed: 0, refunded: 0 },
    });
  }

  protected async pass(now: Date): Promise<ReconcileCounts> {
    const counts: ReconcileCounts = { settled: 0, closed: 0, refunded: 0 };
    await this.retryCaptures(now, counts);
    await this.askAboutUnsettled(now, counts);
    await this.finishRefunds(now, counts);
    return counts;
  }

  /** Orders whose signed payment was not captured (the provider was down or refused for now). */
  private async retryCaptures(now: Date, counts: ReconcileCounts): Promise<void> {
    const before = at(now, RECONCILE.captureRetryAfterMs);
    for (const order of await findOrdersAwaitingCapture(this.ctx.db, before, RECONCILE.batch)) {
      try {
        const result = await settlePayment(this.ctx, order, order.payment_id!, now);
        if (result.status !== 'confirming') counts.settled += 1;
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'retrying a payment capture failed');
      }
    }
  }

  private async askAboutUnsettled(now: Date, counts: ReconcileCounts): Promise<void> {
    const due = await findOrdersToReconcile(
      this.ctx.db,
      {
        createdBefore: at(now, RECONCILE.firstAskAfterMs),
        youngSince: at(now, RECONCILE.youngMs),
        youngCheckedBefore: at(now, RECONCILE.youngEveryMs),
        oldCheckedBefore: at(now, RECONCILE.oldEveryMs),
      },
      RECONCILE.batch,
    );
    for (const order of due) {
      if (!(await takeReconcileTurn(this.ctx.db, order, now.toISOString()))) continue;
      try {
        const outcome = await reconcileOrder(this.ctx, order, now);
        if (outcome === 'settled') counts.settled += 1;
        if (outcome === 'closed') counts.closed += 1;
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'reconciling an order failed');
      }
    }
  }

  private async finishRefunds(now: Date, counts: ReconcileCounts): Promise<void> {
    const before = at(now, RECONCILE.refundRetryAfterMs);
    for (const row of await findPendingExtraPayments(this.ctx.db, before, RECONCILE.batch)) {
      if (!(await takeExtraPaymentTurn(this.ctx.db, row, now.toISOString()))) continue;
      try {
        if ((await giveBackPayment(this.ctx, row.payment_id, now)) === 'refunded') {
          counts.refunded += 1;
        }
      } catch (error) {
        this.log.error({ err: error, paymentId: row.payment_id }, 'giving a payment back failed');
      }
    }
  }
}

export type ReconcileOutcome = 'settled' | 'confirming' | 'unpaid' | 'closed' | 'unreachable';

/**
 * Asks the order's gateway for its payments and settles the order with the one that paid it:
 * the payment already named on the order if it still pays, else the first captured, else the
 * first authorized (captured now). Every other captured payment is given back. An order nobody
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
  if (order.gateway !== ctx.gateway.kind) return 'unreachable';
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
  if (outcome !== 'settled') return outcome;
  for (const payment of payments) {
    if (payment.id === chosen.id || payment.status !== 'captured') continue;
    const extra = { paymentId: payment.id, orderId: order.id, gateway: order.gateway };
    await recordExtraPayment(ctx.db, { ...extra, reason: 'duplicate' }, now.toISOString());
    await giveBackPayment(ctx, payment.id, now);
  }
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
