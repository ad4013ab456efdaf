import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { BuiltinGatewayFailure, VerifyPaymentRequest } from '../../shared/orders.js';
import type { Db } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import type { BuiltinGateway } from './builtin-gateway.js';
import { isGatewayId } from './ids.js';
import { recordPaymentEvent } from './payment-events.repository.js';
import { paymentSignature } from './signatures.js';

export interface BuiltinGatewayContext {
  db: Db;
  gateway: BuiltinGateway;
  /**
   * The built-in gateway keeps no orders of its own: this answers the amount of the signed-in
   * person's order of this gateway with this id, if they have one (the orders slice provides it).
   */
  findOrder(userId: string, gatewayOrderId: string): Promise<{ amount: number } | undefined>;
}

/**
 * The server side of the built-in checkout: what Razorpay's own checkout would hand the page
 * after a payment (ids and a signature made with the built-in key), or a payment.failed.
 * The paths stay /test-gateway/* : the builder calls them by these names.
 */
export function registerBuiltinGatewayRoutes(
  app: FastifyInstance,
  ctx: BuiltinGatewayContext,
): void {
  const readOrderId = async (userId: string, body: unknown) => {
    const orderId = (body as { order_id?: unknown } | null)?.order_id;
    if (typeof orderId !== 'string' || !orderId)
      throw badRequest('order_id is required', 'order_id');
    if (!isGatewayId(orderId)) {
      throw badRequest('order_id is not an order id (letters, digits, _ . - only)', 'order_id');
    }
    const order = await ctx.findOrder(userId, orderId);
    if (!order) throw notFound('There is no such test order for this account.');
    return { orderId, amount: order.amount };
  };

  const signedIn = {
    config: { signedIn: true, rateLimits: ['testPaymentsPerIp', 'testPaymentsPerUser'] },
  } as const;
  app.post('/test-gateway/pay', signedIn, async (request): Promise<VerifyPaymentRequest> => {
    const user = await request.requireUser();
    const { orderId, amount } = await readOrderId(user.id, request.body);
    // As Razorpay's checkout: the payment is authorized; the server confirms and captures it.
    const payment = await ctx.gateway.authorizePayment({ id: orderId, amount, currency: 'INR' });
    const paymentId = payment.id;
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(ctx.gateway.keySecret, orderId, paymentId),
    };
  });

  app.post('/test-gateway/fail', signedIn, async (request): Promise<BuiltinGatewayFailure> => {
    const user = await request.requireUser();
    const { orderId } = await readOrderId(user.id, request.body);
    const description =
      'The test payment was declined, as you asked. No money moved; you can try again.';
    await recordPaymentEvent(ctx.db, {
      gateway: ctx.gateway.kind,
      eventId: `evt_test_${randomUUID()}`,
      eventType: 'payment.failed',
      gatewayOrderId: orderId,
      payload: JSON.stringify({ error: { description } }),
      receivedAt: new Date().toISOString(),
    });
    return { error: { code: 'BAD_REQUEST_ERROR', description, reason: 'payment_failed' } };
  });
}
