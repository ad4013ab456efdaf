import type { FastifyBaseLogger } from 'fastify';
import { REDIRECTED_PAYMENT_OUTCOMES } from '../../shared/orders.js';
import { PeriodicJob } from '../jobs/periodic-job.js';
import { GatewayError, type GatewayPayment } from '../payments/gateway.js';
import { OrderError } from './errors.js';
import {
  findOrderByGatewayId,
  claimOrderForPayment,
  findOrdersAwaitingCapture,
  markAwaitingCapture,
  markPaymentRefused,
  type OrderRow,
} from './orders.repository.js';
import type { OrdersContext } from './orders.service.js';
import { publishPaidOrder, type PublishResult } from './publish.service.js';

/** A signed payment that is received but not captured yet: the person is told, we keep trying. */

export type ConfirmResult = PublishResult | { status: 'confirming'; message: string };

const notConfirmed = (why: string) =>
  new OrderError(
    'payment_not_confirmed',
    `${why}, so nothing was published. If money left your account, contact support with your payment id.`,
  );

/**
 * The one way a payment publishes an order, for the page's verify, the checkout's redirect and
 * the webhook alike: the provider's own record of the payment must belong to this order, be of
 * its amount in INR, and be captured (we capture it when it is only authorized). Signatures
 * alone prove who sent the ids, not that the money was taken.
 */
export async function confirmAndPublish(
  ctx: OrdersContext,
  order: OrderRow,
  paymentId: string,
  now = new Date(),
): Promise<ConfirmResult> {
  try {
    return await confirm(ctx, order, paymentId, now);
  } catch (error) {
    // A payment that waited to be confirmed and is now refused waits no longer: the retry stops.
    if (error instanceof OrderError && order.payment_id === paymentId) {
      await markPaymentRefused(ctx.db, order.id, error.message, now.toISOString());
    }
    throw error;
  }
}

async function confirm(
  ctx: OrdersContext,
  order: OrderRow,
  paymentId: string,
  now: Date,
): Promise<ConfirmResult> {
  if (order.status === 'paid' || order.status === 'credit') {
    return publishPaidOrder(ctx, order.id, order.payment_id ?? paymentId, now);
  }
  const wait = async (status: 'authorized' | 'capture_failed', error: GatewayError) => {
    const note = `${status === 'authorized' ? 'Confirming' : 'Capturing'} the payment failed: ${error.detail}`;
    await markAwaitingCapture(ctx.db, order.id, status, paymentId, note, now.toISOString());
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
  // A second payment of the same order (paid twice, or verify and redirect at once) is never
  // captured: an uncaptured payment is returned to the buyer by the provider.
  if (!(await claimOrderForPayment(ctx.db, order.id, paymentId, now.toISOString()))) {
    // This very payment may have settled the order meanwhile (the verify and the webhook at
    // once): then the answer is the settled one, not a refusal.
    const latest = await findOrderByGatewayId(ctx.db, order.gateway_order_id);
    if (latest?.payment_id === paymentId && ['paid', 'credit'].includes(latest.status)) {
      return publishPaidOrder(ctx, order.id, paymentId, now);
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

/** Confirms by the provider's order id, whoever paid it (the webhook and the redirect use it). */
export async function confirmByGatewayOrder(
  ctx: OrdersContext,
  gatewayOrderId: string,
  paymentId: string,
  now = new Date(),
): Promise<ConfirmResult | 'unknown_order'> {
  const order = await findOrderByGatewayId(ctx.db, gatewayOrderId);
  if (!order) return 'unknown_order';
  return confirmAndPublish(ctx, order, paymentId, now);
}

/** How long an order waits after its last attempt before the periodic retry tries it again. */
const RETRY_AFTER_MS = 60_000;
const RETRY_BATCH = 20;

/**
 * Tries again, now and then, every order whose signed payment was not captured (the provider was
 * down, or refused the capture for now), in small batches. main.ts starts it; tests call runOnce().
 */
export class CaptureRetry extends PeriodicJob<void> {
  constructor(
    private readonly ctx: OrdersContext,
    log: FastifyBaseLogger,
    intervalMs = 60_000,
  ) {
    super(log, {
      everyMs: intervalMs,
      failedMessage: 'payment capture retry pass failed',
      failedResult: undefined,
    });
  }

  protected async pass(now: Date): Promise<void> {
    const before = new Date(now.getTime() - RETRY_AFTER_MS).toISOString();
    const due = await findOrdersAwaitingCapture(this.ctx.db, before, RETRY_BATCH);
    for (const order of due) {
      try {
        await confirmAndPublish(this.ctx, order, order.payment_id!);
      } catch (error) {
        this.log.error({ err: error, orderId: order.id }, 'retrying a payment capture failed');
      }
    }
  }
}
