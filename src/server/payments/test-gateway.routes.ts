import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TestGatewayFailure } from '../../shared/orders.js';
import type { Db } from '../db/database.js';
import { badRequest, notFound } from '../http/errors.js';
import { isGatewayId } from './ids.js';
import { paymentSignature } from './signatures.js';
import { newTestPaymentId, type TestGateway } from './test.gateway.js';

/**
 * The server side of the built-in test checkout: what Razorpay's own checkout would hand the
 * page after a payment (ids and a signature made with the test key), or a payment.failed.
 */
export function registerTestGatewayRoutes(
  app: FastifyInstance,
  ctx: { db: Db; gateway: TestGateway },
): void {
  const findOrder = async (userId: string, body: unknown) => {
    const orderId = (body as { order_id?: unknown } | null)?.order_id;
    if (typeof orderId !== 'string' || !orderId)
      throw badRequest('order_id is required', 'order_id');
    if (!isGatewayId(orderId)) {
      throw badRequest('order_id is not an order id (letters, digits, _ . - only)', 'order_id');
    }
    const order = await ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('gateway_order_id', '=', orderId)
      .where('user_id', '=', userId)
      .where('gateway', '=', 'test')
      .executeTakeFirst();
    if (!order) throw notFound('There is no such test order for this account.');
    return order;
  };

  app.post('/test-gateway/pay', async (request) => {
    const user = await request.requireUser();
    const order = await findOrder(user.id, request.body);
    const paymentId = newTestPaymentId();
    return {
      razorpay_order_id: order.gateway_order_id,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(
        ctx.gateway.keySecret,
        order.gateway_order_id,
        paymentId,
      ),
    };
  });

  app.post('/test-gateway/fail', async (request): Promise<TestGatewayFailure> => {
    const user = await request.requireUser();
    const order = await findOrder(user.id, request.body);
    const description =
      'The test payment was declined, as you asked. No money moved; you can try again.';
    await ctx.db
      .insertInto('payment_events')
      .values({
        id: randomUUID(),
        gateway: 'test',
        event_id: `evt_test_${randomUUID()}`,
        event_type: 'payment.failed',
        gateway_order_id: order.gateway_order_id,
        payload: JSON.stringify({ error: { description } }),
        received_at: new Date().toISOString(),
      })
      .execute();
    return { error: { code: 'BAD_REQUEST_ERROR', description, reason: 'payment_failed' } };
  });
}
