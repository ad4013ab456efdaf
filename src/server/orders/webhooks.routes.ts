import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../http/errors.js';
import { rateLimitHooks } from '../http/rate-limit.js';
import { readWebhookEvent, webhookSignatureMatches } from '../payments/razorpay-webhook.js';
import type { OrdersContext } from './orders.types.js';
import { PaymentNotCapturedYet, settleWebhookEvent } from './payment-entries.service.js';

/**
 * Razorpay's webhook: the signature is the HMAC of the raw body with the webhook secret.
 * Deliveries come at least once and in any order; settling is idempotent, and each event id
 * is recorded once. A user who closes the tab after paying still gets their portfolio.
 */
export function registerWebhookRoutes(app: FastifyInstance, ctx: OrdersContext): void {
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
      if (!webhookSignatureMatches(ctx.gateway.webhookSecret, raw, signature)) {
        throw new HttpError(401, 'bad_signature', 'The webhook signature does not match.');
      }
      const read = readWebhookEvent(raw, request.headers['x-razorpay-event-id']);
      if (!read.ok) throw badRequest(read.problem);
      const { gatewayOrderId, type } = read.event;
      let outcome;
      try {
        outcome = await settleWebhookEvent(ctx, read.event);
      } catch (error) {
        if (!(error instanceof PaymentNotCapturedYet)) throw error;
        request.log.warn(
          { gatewayOrderId, type },
          'payment not captured yet; asking for redelivery',
        );
        throw new HttpError(503, 'not_captured_yet', 'The payment is not captured yet.');
      }
      if (outcome === 'unknown_order') {
        request.log.warn({ gatewayOrderId, type }, 'webhook for an order we do not know');
      }
      if (outcome === 'refused') {
        request.log.warn({ gatewayOrderId, type }, 'webhook payment does not match its order');
      }
      return reply.send({ status: outcome === 'duplicate' ? 'duplicate' : 'ok' });
    });
  });
}
