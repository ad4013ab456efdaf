import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { badRequest, HttpError } from '../http/errors.js';
import { rateLimitHooks } from '../http/rate-limit.js';
import { isUniqueViolation, publishPaidOrder } from '../orders/publish.service.js';
import type { PaymentGateway } from './gateway.js';
import { isGatewayId } from './ids.js';
import { hmacHex, signaturesMatch } from './signatures.js';

/** What we read of an event; every leaf is checked before use, so nothing is assumed. */
interface WebhookEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown } };
    order?: { entity?: { id?: unknown } };
  };
}

/**
 * Razorpay's webhook: the signature is the HMAC of the raw body with the webhook secret.
 * Deliveries come at least once and in any order; publishing is idempotent, and each event id
 * is recorded once. A user who closes the tab after paying still gets their portfolio.
 */
export function registerWebhookRoutes(
  app: FastifyInstance,
  ctx: { db: Db; gateway: PaymentGateway; publicUrl: () => string },
): void {
  const limits = rateLimitHooks(app, { enabled: app.deps.config.rateLimits });
  app.register(async (scope) => {
    // The signature covers the exact bytes: keep them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );

    // Limited before the body is read: a flood costs neither buffering nor an HMAC.
    const options = { onRequest: limits.perIp('webhooksPerIp') };
    scope.post('/webhooks/razorpay', options, async (request, reply) => {
      const raw = request.body as Buffer;
      const signature = request.headers['x-razorpay-signature'];
      if (
        typeof signature !== 'string' ||
        !signaturesMatch(hmacHex(ctx.gateway.webhookSecret, raw), signature)
      ) {
        throw new HttpError(401, 'bad_signature', 'The webhook signature does not match.');
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        throw badRequest('The webhook body is not valid JSON.');
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
        throw badRequest('The webhook body is not a JSON object.');
      }
      const event = parsed as WebhookEvent;
      const eventId = request.headers['x-razorpay-event-id'];
      const id =
        typeof eventId === 'string' && eventId
          ? eventId
          : `sha256:${createHash('sha256').update(raw).digest('hex')}`;
      // Signed by Razorpay, but read defensively all the same: only well-formed values go on.
      const type =
        typeof event.event === 'string' && /^[a-z0-9_.]{1,100}$/i.test(event.event)
          ? event.event
          : 'unknown';
      const payment = event.payload?.payment?.entity;
      const paymentId = isGatewayId(payment?.id) ? payment.id : undefined;
      const orderIds = [payment?.order_id, event.payload?.order?.entity?.id];
      const gatewayOrderId = orderIds.find(isGatewayId);

      const seen = await ctx.db
        .selectFrom('payment_events')
        .select('id')
        .where('event_id', '=', id)
        .executeTakeFirst();
      if (seen) return reply.send({ status: 'duplicate' });

      if ((type === 'order.paid' || type === 'payment.captured') && gatewayOrderId && paymentId) {
        const order = await ctx.db
          .selectFrom('orders')
          .select('id')
          .where('gateway_order_id', '=', gatewayOrderId)
          .executeTakeFirst();
        if (order) await publishPaidOrder(ctx.db, order.id, paymentId, ctx.publicUrl());
        else request.log.warn({ gatewayOrderId, type }, 'webhook for an order we do not know');
      }
      // Recorded after the work: a failure above makes Razorpay deliver again, and the retry is not skipped.
      try {
        await ctx.db
          .insertInto('payment_events')
          .values({
            id: randomUUID(),
            gateway: ctx.gateway.kind,
            event_id: id,
            event_type: type,
            gateway_order_id: gatewayOrderId ?? null,
            payload: raw.toString('utf8'),
            received_at: new Date().toISOString(),
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      return reply.send({ status: 'ok' });
    });
  });
}
