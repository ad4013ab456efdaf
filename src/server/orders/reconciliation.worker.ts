/**
 * The net under the webhooks: every process asks, now and then, what became of the payments the
 * fast paths did not settle (a crash between capture and publish, an answer lost on the way, a
 * webhook that never came), and settles each through the same door as verify. Safe in every
 * process at once: each order and each payment to refund is taken by one caller per turn, and
 * settling is exactly-once anyway.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { JOB_SCHEDULES } from '../jobs/schedules.js';
import { findPendingExtraPayments, takeExtraPaymentTurn } from './extra-payments.repository.js';
import { refundMarkedPayment } from './extra-payments.service.js';
import {
  findOrdersAwaitingCapture,
  findOrdersToReconcile,
  findSettledOrdersToRecheck,
  takeReconcileTurn,
} from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';
import { RECONCILE, reconcileOrder, refundOtherPayments } from './reconciliation.service.js';
import { settlePayment } from './settlement.service.js';

export interface ReconcileCounts {
  /** Orders settled (published, credited or given back) by this pass. */
  settled: number;
  /** Orders closed because nobody paid them. */
  closed: number;
  /** Payments refunded by this pass. */
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
    intervalMs: number = JOB_SCHEDULES.paymentReconciliation.everyMs,
  ) {
    super(log, {
      ...JOB_SCHEDULES.paymentReconciliation,
      everyMs: intervalMs,
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
      if (!(await takeReconcileTurn(db, order, at.toISOString()))) return;
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
        counts.refunded += await refundOtherPayments(this.ctx, order, order.payment_id, at);
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
        if ((await refundMarkedPayment(this.ctx, row.payment_id, at)) === 'refunded') {
          counts.refunded += 1;
        }
      } catch (error) {
        this.log.error({ err: error, paymentId: row.payment_id }, 'refunding a payment failed');
      }
    });
    return counts;
  }
}
