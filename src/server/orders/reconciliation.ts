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
  findSettledOrdersToRecheck,
  releasePaymentClaim,
  takeReconcileTurn,
  type OrderRow,
} from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';
import { settlePayment } from './settlement.service.js';
import { PeriodicJob } from '../jobs/periodic-job.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

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

export interface ReconcileCounts {
  /** Orders settled (published, credited or given back) by this pass. */
  settled: number;
  /** Orders closed because nobody paid them. */
  closed: number;
  /** Payments given back by this pass. */
  refunded: number;
}

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();

/**
 * One pass: failed captures first, then unsettled orders (the young before the old, so that a
 * pile of abandoned orders never delays a new one), settled orders once more, then refunds left
 * to finish. Items are stamped with the time they are handled, and the pass keeps to a budget.
 */
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
    // The pass's clock runs on from `now` (a test's clock may be ahead of the wall).
    const offset = now.getTime() - Date.now();
    const clock = () => new Date(Date.now() + offset);
    const deadline = Date.now() + RECONCILE.passBudgetMs;
    const each = async <T>(items: T[], work: (item: T, at: Date) => Promise<void>) => {
      for (const item of items) {
        if (Date.now() > deadline) return;
        await work(item, clock());
      }
    };
    const { db, gateway } = this.ctx;
    const kind = gateway.kind;

    const waiting = await findOrdersAwaitingCapture(
      db,
      kind,
      ago(now, RECONCILE.captureRetryAfterMs),
      RECONCILE.batch,
    );
    await each(waiting, async (order, at) => {
      try {
        const result = await settlePayment(this.ctx, order, order.payment_id!, at);
        if (result.status !== 'confirming') counts.settled += 1;
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'retrying a payment capture failed');
      }
    });

    const young = await findOrdersToReconcile(
      db,
      kind,
      {
        createdSince: ago(now, RECONCILE.youngMs),
        createdBefore: ago(now, RECONCILE.firstAskAfterMs),
        checkedBefore: ago(now, RECONCILE.youngEveryMs),
      },
      RECONCILE.batch,
    );
    const old = await findOrdersToReconcile(
      db,
      kind,
      {
        createdSince: '',
        createdBefore: ago(now, RECONCILE.youngMs),
        checkedBefore: ago(now, RECONCILE.oldEveryMs),
      },
      RECONCILE.batch,
    );
    await each([...young, ...old], async (order, at) => {
      if (!(await takeReconcileTurn(db, order, at.toISOString()))) return;
      try {
        const outcome = await reconcileOrder(this.ctx, order, at);
        if (outcome === 'settled') counts.settled += 1;
        if (outcome === 'closed') counts.closed += 1;
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'reconciling an order failed');
      }
    });

    const settled = await findSettledOrdersToRecheck(
      db,
      kind,
      {
        paidSince: ago(now, RECONCILE.recheckSettledWithinMs),
        paidBefore: ago(now, RECONCILE.recheckSettledAfterMs),
      },
      RECONCILE.batch,
    );
    await each(settled, async (order, at) => {
      if (!(await takeReconcileTurn(db, order, at.toISOString()))) return;
      try {
        counts.refunded += await giveBackOtherPayments(this.ctx, order, order.payment_id, at);
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'rechecking a settled order failed');
      }
    });

    const refunds = await findPendingExtraPayments(
      db,
      kind,
      ago(now, RECONCILE.refundRetryAfterMs),
      RECONCILE.batch,
    );
    await each(refunds, async (row, at) => {
      if (!(await takeExtraPaymentTurn(db, row, at.toISOString()))) return;
      try {
        if ((await giveBackPayment(this.ctx, row.payment_id, at)) === 'refunded') {
          counts.refunded += 1;
        }
      } catch (error) {
        this.log.error({ err: error, paymentId: row.payment_id }, 'giving a payment back failed');
      }
    });
    return counts;
  }
}

/**
 * Every captured payment of the order other than `kept` serves nothing: each is recorded and
 * given back. Returns how many were refunded now.
 */
async function giveBackOtherPayments(
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
    const extra = { paymentId: payment.id, orderId: order.id, gateway: order.gateway };
    await recordExtraPayment(ctx.db, { ...extra, reason: 'duplicate' }, now.toISOString());
    if ((await giveBackPayment(ctx, payment.id, now)) === 'refunded') refunded += 1;
  }
  return refunded;
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
  if (outcome === 'settled') await giveBackOtherPayments(ctx, order, chosen.id, now, payments);
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
