/**
 * Settling a payment: the one door through which a payment publishes an order, for the page's
 * verify, the checkout's redirect, the webhook and the reconciliation sweep alike. The provider's
 * own record of the payment must belong to the order, be of its amount in INR, and be captured
 * (we capture it when it is only authorized); signatures alone prove who sent the ids, not that
 * the money was taken. Whatever the order, a captured payment that cannot serve it is given back.
 */
import { REDIRECTED_PAYMENT_OUTCOMES } from '../../shared/orders.js';
import { GatewayError, type GatewayPayment } from '../payments/gateway.js';
import { OrderError } from './errors.js';
import { CLOSED_STATUSES, SETTLED_STATUSES, isOrderStatusIn } from '../db/schema.js';
import { markForRefund, refundMarkedPayment, refundPaymentOf } from './extra-payments.service.js';
import {
  claimOrderForPayment,
  findOrderById,
  markAwaitingCapture,
  markPaymentRefused,
  type OrderRow,
} from './orders.repository.js';
import type { OrdersContext } from './orders.types.js';
import { publishPaidOrder, type PublishResult } from './publish.service.js';

/** What became of a payment: settled, or received and still being confirmed (kept, retried). */
export type SettleResult = PublishResult | { status: 'confirming'; message: string };

const notConfirmed = (why: string) =>
  new OrderError(
    'payment_not_confirmed',
    `${why}, so nothing was published. If money left your account, contact support with your payment id.`,
  );

const isSettled = (order: OrderRow) => isOrderStatusIn(SETTLED_STATUSES, order.status);

/**
 * Settles `order` with `paymentId`, exactly once however many callers arrive at once: publish
 * (or keep as a credit), capture first when needed, or refuse. Safe to call again with the same
 * payment: an order settled by it answers as settled.
 */
export async function settlePayment(
  ctx: OrdersContext,
  order: OrderRow,
  paymentId: string,
  now = new Date(),
): Promise<SettleResult> {
  try {
    const result = await settle(ctx, order, paymentId, now);
    if (result.status === 'unserved') await refundMarkedPayment(ctx, result.paymentId, now);
    return result;
  } catch (error) {
    // A payment that waited to be confirmed and is now refused waits no longer: the retry stops.
    if (error instanceof OrderError && order.payment_id === paymentId) {
      await markPaymentRefused(ctx.db, order.id, error.message, now.toISOString());
    }
    throw error;
  }
}

async function settle(
  ctx: OrdersContext,
  order: OrderRow,
  paymentId: string,
  now: Date,
): Promise<SettleResult> {
  if (isSettled(order)) return answerSettled(ctx, order, paymentId, now);
  if (isOrderStatusIn(CLOSED_STATUSES, order.status)) {
    // Closed by this very payment (it could not serve the order): the same answer again.
    if (order.payment_id === paymentId) return publishPaidOrder(ctx, order.id, paymentId, now);
    await refundPaymentOf(ctx, order, paymentId, 'order_closed', now);
    throw new OrderError(
      'payment_not_confirmed',
      'This order was closed before the payment arrived, so nothing was published. If money left your account, it is being refunded to you.',
    );
  }
  const wait = async (status: 'authorized' | 'capture_failed', error: GatewayError) => {
    const note = `${status === 'authorized' ? 'Confirming' : 'Capturing'} the payment failed: ${error.detail}`;
    if (
      !(await markAwaitingCapture(ctx.db, order.id, status, paymentId, note, now.toISOString()))
    ) {
      throw notConfirmed('Another payment already pays this order');
    }
    return { status: 'confirming' as const, message: REDIRECTED_PAYMENT_OUTCOMES.confirming };
  };

  let payment: GatewayPayment;
  try {
    payment = await ctx.gateway.fetchPayment(paymentId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.transient) return wait('authorized', error);
    throw notConfirmed('The payment service does not know this payment');
  }
  if (payment.orderId !== order.gateway_order_id) {
    throw notConfirmed('The payment belongs to another order');
  }
  if (payment.amount !== order.amount_paise || payment.currency !== order.currency) {
    throw notConfirmed('The payment is not of the amount of this order');
  }
  // Only the payment that names itself on the order may be captured: one order never takes
  // money twice. A second payment is left uncaptured (the provider returns it) or given back.
  if (!(await claimOrderForPayment(ctx.db, order.id, paymentId, now.toISOString()))) {
    const latest = await findOrderById(ctx.db, order.id);
    if (latest && isSettled(latest)) return answerSettled(ctx, latest, paymentId, now);
    // Taken already: once the other payment has settled the order, the sweep gives it back.
    if (payment.status === 'captured') {
      await markForRefund(ctx.db, order, paymentId, 'duplicate', now);
      throw new OrderError(
        'payment_not_confirmed',
        'Another payment of this order is being settled, so this one is not needed: it is refunded to you within minutes, and we email you when it is.',
      );
    }
    throw notConfirmed('Another payment already pays this order');
  }
  if (payment.status === 'authorized') {
    try {
      payment = await ctx.gateway.capturePayment(paymentId, order.amount_paise, order.currency);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return wait('capture_failed', error);
    }
  }
  if (payment.status !== 'captured') {
    throw notConfirmed(`The payment is ${payment.status}, not completed`);
  }
  return publishPaidOrder(ctx, order.id, paymentId, now);
}

/**
 * An order settled already answers as it was settled; a different payment of it (paid twice, or
 * verify and webhook of two payments at once) is refunded.
 */
async function answerSettled(
  ctx: OrdersContext,
  order: OrderRow,
  paymentId: string,
  now: Date,
): Promise<SettleResult> {
  if (!order.payment_id) throw new Error(`settled order ${order.id} names no payment`);
  if (order.payment_id !== paymentId) {
    await refundPaymentOf(ctx, order, paymentId, 'duplicate', now);
  }
  return publishPaidOrder(ctx, order.id, order.payment_id, now);
}
