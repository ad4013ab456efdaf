/**
 * No payment is kept without its purpose. A captured payment that cannot serve its order (a
 * second payment of an order already paid, an order paid again after an answer was lost, an
 * order closed before its payment came, an account deleted while paying) is marked once in
 * `extra_payments` where it is found (markForRefund), then refunded through the gateway here
 * (refundMarkedPayment) and the buyer is told by mail. The sweep finishes refunds that failed.
 */
import { formatPrice } from '../../shared/domain/price.js';
import { ACCOUNT_PATH } from '../../shared/routes.js';
import { SITE_NAME } from '../../shared/site.js';
import { findUserById } from '../auth/users.repository.js';
import { inTransaction } from '../db/database.js';
import type { RefundReason } from '../../shared/orders.js';
import { enqueueEmail } from '../mail/outbox.repository.js';
import { GatewayError } from '../payments/gateway.js';
import { DAY_MS } from '../../shared/domain/time.js';
import type { Db } from '../db/database.js';
import { SETTLED_STATUSES, UNSETTLED_STATUSES, isOrderStatusIn } from '../db/schema.js';
import {
  closeExtraPayment,
  findExtraPayment,
  noteExtraPaymentAttempt,
  recordExtraPayment,
  type ExtraPaymentRow,
} from './extra-payments.repository.js';
import { findOrderById, type OrderRow } from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';

/**
 * An authorized payment nobody captures is returned to the buyer by the provider (Razorpay: within
 * 5 days); after this long it is closed as never taken.
 */
const AUTHORIZED_GIVE_UP_MS = 7 * DAY_MS;

export type RefundOutcome = 'refunded' | 'not_taken' | 'waiting';

/**
 * Marks a payment of `order` to be refunded, once (a second mark changes nothing), in the
 * caller's transaction when it has one: the mark exists exactly when the finding does.
 */
export async function markForRefund(
  db: Db,
  order: Pick<OrderRow, 'id' | 'gateway'>,
  paymentId: string,
  reason: RefundReason,
  now: Date,
): Promise<void> {
  const payment = { paymentId, orderId: order.id, gateway: order.gateway, reason };
  await recordExtraPayment(db, payment, now.toISOString());
}

/** Marks the payment and refunds it now; the sweep finishes a refund that could not be made. */
export async function refundPaymentOf(
  ctx: OrdersContext,
  order: Pick<OrderRow, 'id' | 'gateway'>,
  paymentId: string,
  reason: RefundReason,
  now: Date,
): Promise<RefundOutcome> {
  await markForRefund(ctx.db, order, paymentId, reason, now);
  return refundMarkedPayment(ctx, paymentId, now);
}

/** What the buyer is told about why the money comes back. */
const WHY: Record<RefundReason, (username: string) => string> = {
  duplicate: (username) =>
    `The order for /users/${username} was paid twice. It is paid by the first payment; this second one is refunded.`,
  superseded: (username) =>
    `You paid again for /users/${username} while an earlier payment was still on its way to us. Your portfolio is paid once; this other payment is refunded.`,
  order_closed: (username) =>
    `This payment for /users/${username} arrived after its order had been closed, so nothing was bought with it and it is refunded.`,
  account_deleted: (username) =>
    `This payment for /users/${username} arrived after the account was deleted, so nothing was published and it is refunded.`,
};

/**
 * Refunds one marked payment, if it is still pending: asks the provider what became of it,
 * refunds what was captured and mails the buyer in the transaction that closes the mark. A
 * payment that settled its order after all (the race it was marked in went its way) is kept.
 */
export async function refundMarkedPayment(
  ctx: OrdersContext,
  paymentId: string,
  now = new Date(),
): Promise<RefundOutcome> {
  const row = await findExtraPayment(ctx.db, paymentId);
  if (!row) throw new Error(`no extra payment ${paymentId}`);
  if (row.status !== 'pending') return row.status;
  const stamp = now.toISOString();
  const wait = async (detail: string) => {
    await noteExtraPaymentAttempt(ctx.db, paymentId, detail, stamp);
    return 'waiting' as const;
  };
  const order = await findOrderById(ctx.db, row.order_id);
  // The order is still being settled, perhaps by this very payment: asked again later.
  if (order && isOrderStatusIn(UNSETTLED_STATUSES, order.status)) {
    return wait('its order is not settled yet');
  }
  if (order && isOrderStatusIn(SETTLED_STATUSES, order.status) && order.payment_id === paymentId) {
    const serves = { status: 'not_taken', amount: null, refundId: null } as const;
    return close(ctx, row, serves, now, 'the payment settled its order after all');
  }
  if (row.gateway !== ctx.gateway.kind) {
    return wait(
      `paid through the ${row.gateway} gateway, but this installation uses ${ctx.gateway.kind}`,
    );
  }
  try {
    const payment = await ctx.gateway.fetchPayment(paymentId);
    // Only money paid for this very order is given back, whoever recorded it.
    if (!order || payment.orderId !== order.gateway_order_id) {
      return await close(ctx, row, { status: 'not_taken', amount: null, refundId: null }, now);
    }
    if (payment.status === 'refunded') {
      // Refunded before (by us, before a crash, or by the provider): the buyer still hears of it.
      return await close(
        ctx,
        row,
        { status: 'refunded', amount: payment.amount, refundId: null },
        now,
      );
    }
    if (payment.status === 'failed') {
      return await close(ctx, row, { status: 'not_taken', amount: null, refundId: null }, now);
    }
    if (payment.status !== 'captured') {
      const age = now.getTime() - Date.parse(row.created_at);
      if (age < AUTHORIZED_GIVE_UP_MS) return await wait(`the payment is ${payment.status}`);
      return await close(ctx, row, { status: 'not_taken', amount: null, refundId: null }, now);
    }
    const refund = await ctx.gateway.refundPayment(paymentId);
    return await close(
      ctx,
      row,
      { status: 'refunded', amount: refund.amount, refundId: refund.id },
      now,
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return wait(error.detail);
  }
}

async function close(
  ctx: OrdersContext,
  row: ExtraPaymentRow,
  outcome: { status: 'refunded' | 'not_taken'; amount: number | null; refundId: string | null },
  now: Date,
  why?: string,
): Promise<RefundOutcome> {
  const order = await findOrderById(ctx.db, row.order_id);
  const detail =
    why ?? (outcome.status === 'not_taken' ? 'the provider did not keep the money' : null);
  await inTransaction(ctx.db, async (trx) => {
    if (
      !(await closeExtraPayment(trx, row.payment_id, { ...outcome, detail }, now.toISOString()))
    ) {
      return;
    }
    const user = order && (await findUserById(trx, order.user_id));
    // An erased account has no address left to write to.
    if (outcome.status !== 'refunded' || !order || !user || user.email === '') return;
    const amount = outcome.amount === null ? '' : `${formatPrice(outcome.amount)} `;
    await enqueueEmail(
      trx,
      {
        to: user.email,
        subject: 'A payment of yours is refunded',
        text: [
          WHY[row.reason](order.username),
          '',
          `We have refunded ${amount}(payment ${row.payment_id}) to the way you paid. Banks usually show it within 5 to 7 working days.`,
          '',
          `Your portfolios: ${ctx.publicUrl()}${ACCOUNT_PATH}`,
          '',
          SITE_NAME,
        ].join('\n'),
      },
      now,
    );
  });
  return outcome.status;
}
