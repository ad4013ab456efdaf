/**
 * The ways a payment reaches us from outside, each authenticated its own way and then handed to
 * the settlement door: the page's verify (session and signature), the checkout's redirect
 * (signature only) and the provider's webhook (signed body).
 */
import { REDIRECTED_PAYMENT_OUTCOMES, type VerifyPaymentResponse } from '../../shared/orders.js';
import type { UserRow } from '../auth/users.repository.js';
import { isUniqueViolation } from '../db/database.js';
import { hasPaymentEvent, recordPaymentEvent } from '../payments/payment-events.repository.js';
import { isPaidEvent, type WebhookEvent } from '../payments/razorpay-webhook.js';
import { paymentSignature, signaturesMatch } from '../payments/signatures.js';
import { OrderError } from './errors.js';
import { findOrderByGatewayId, findOrderOfUser } from './orders.repository.js';
import type { OrdersContext, PaymentInput } from './orders.types.js';
import { answerOf } from './payment-answers.js';
import { settlePayment, type SettleResult } from './settlement.service.js';

/** POST /verify-payment: the checkout's result, checked against the order we stored for this user. */
export async function verifyPayment(
  ctx: OrdersContext,
  user: UserRow,
  payment: PaymentInput,
): Promise<VerifyPaymentResponse> {
  const order = await findOrderOfUser(ctx.db, user.id, payment.gatewayOrderId);
  if (!order) throw new OrderError('order_not_found', 'There is no such order for this account.');
  const expected = paymentSignature(
    ctx.gateway.keySecret,
    order.gateway_order_id,
    payment.paymentId,
  );
  if (!signaturesMatch(expected, payment.signature)) {
    throw new OrderError('payment_unverified', REDIRECTED_PAYMENT_OUTCOMES.unverified);
  }
  return answerOf(await settlePayment(ctx, order, payment.paymentId));
}

/**
 * The checkout's redirect flow (in-app browsers): the same checks as verify, but the order is
 * found by the provider's id alone, since the browser comes back from the provider's page
 * without our session cookie; the signature made with our key secret is what authenticates it.
 */
export async function verifyRedirectedPayment(
  ctx: OrdersContext,
  payment: PaymentInput,
): Promise<VerifyPaymentResponse> {
  const order = await findOrderByGatewayId(ctx.db, payment.gatewayOrderId);
  const expected = paymentSignature(
    ctx.gateway.keySecret,
    payment.gatewayOrderId,
    payment.paymentId,
  );
  if (!order || !signaturesMatch(expected, payment.signature)) {
    throw new OrderError('payment_unverified', REDIRECTED_PAYMENT_OUTCOMES.unverified);
  }
  return answerOf(await settlePayment(ctx, order, payment.paymentId));
}

/**
 * A signed webhook delivery: a payment for one of our orders is settled exactly as the page's
 * verify would settle it; every event id is recorded once.
 */
export async function settleWebhookEvent(
  ctx: OrdersContext,
  event: WebhookEvent,
  now = new Date(),
): Promise<'settled' | 'recorded' | 'duplicate' | 'unknown_order' | 'refused'> {
  if (await hasPaymentEvent(ctx.db, event.eventId)) return 'duplicate';
  let outcome: 'settled' | 'recorded' | 'unknown_order' | 'refused' = 'recorded';
  if (isPaidEvent(event) && event.gatewayOrderId && event.paymentId) {
    let result: SettleResult | 'unknown_order' | 'refused';
    const order = await findOrderByGatewayId(ctx.db, event.gatewayOrderId);
    try {
      result = order ? await settlePayment(ctx, order, event.paymentId, now) : 'unknown_order';
    } catch (error) {
      if (!(error instanceof OrderError)) throw error;
      result = 'refused';
    }
    // Not captured yet: answered with an error so that the provider delivers the event again.
    if (result !== 'unknown_order' && result !== 'refused' && result.status === 'confirming') {
      throw new PaymentNotCapturedYet(event.gatewayOrderId);
    }
    outcome = result === 'unknown_order' || result === 'refused' ? result : 'settled';
  }
  // Recorded after the work: a failure above makes Razorpay deliver again, and the retry is not skipped.
  try {
    await recordPaymentEvent(ctx.db, {
      gateway: ctx.gateway.kind,
      eventId: event.eventId,
      eventType: event.type,
      gatewayOrderId: event.gatewayOrderId ?? null,
      payload: event.payload,
      receivedAt: now.toISOString(),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return outcome;
}

/** A webhook for a payment we could not capture yet; the route answers 503 so it comes again. */
export class PaymentNotCapturedYet extends Error {
  constructor(readonly gatewayOrderId: string) {
    super(`the payment of ${gatewayOrderId} is not captured yet`);
    this.name = 'PaymentNotCapturedYet';
  }
}
