import type { FastifyInstance } from 'fastify';
import { PAYMENT_CALLBACK_PATH, type RedirectedPaymentOutcome } from '../../shared/orders.js';
import { HttpError } from '../http/errors.js';
import { OrderError } from './errors.js';
import { readPayment } from './orders.input.js';
import type { OrdersContext } from './orders.types.js';
import { verifyRedirectedPayment } from './payment-entries.service.js';

export { PAYMENT_CALLBACK_PATH };

/** Three ids and a signature, or a failure's few error[...] fields: a few KiB at most. */
const BODY_LIMIT = 8 * 1024;

/**
 * Where the person goes back to when the payment did not go through: a code the page puts in our
 * own words, never the provider's text (anyone can post this form).
 */
const backToPreview = (outcome: RedirectedPaymentOutcome) =>
  `/final-preview?${new URLSearchParams({ payment_error: outcome })}`;

const outcomeOf = (error: OrderError | HttpError): RedirectedPaymentOutcome =>
  error instanceof OrderError && error.refusal === 'gateway_unavailable'
    ? 'unavailable'
    : 'unverified';

/**
 * The checkout's redirect flow, used in in-app browsers (Instagram, Facebook, UC Browser, Opera)
 * that cannot run its frame: the provider's page POSTs the payment here as a form. It comes from
 * the provider's page without our session cookie, so the signature made with our key secret is
 * what authenticates it. The person is sent on (303) to the thank-you page or back to the
 * final preview with the reason.
 */
export function registerPaymentCallbackRoutes(app: FastifyInstance, ctx: OrdersContext): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const rules = { config: { rateLimits: ['paymentCallbackPerIp'] } } as const;
    scope.post(PAYMENT_CALLBACK_PATH, rules, async (request, reply) => {
      const fields = (request.body ?? {}) as Record<string, string>;
      if (fields['error[description]'] !== undefined || fields['error[code]'] !== undefined) {
        request.log.info(
          { code: fields['error[code]'], reason: fields['error[reason]'] },
          'redirected payment failed',
        );
        return reply.redirect(backToPreview('failed'), 303);
      }
      try {
        const answer = await verifyRedirectedPayment(ctx, readPayment(fields));
        // The address only: the thank-you page names the signed-in person's email itself, and
        // this address ends up in the browser's history.
        const ack = new URLSearchParams(
          answer.status === 'published'
            ? { url: answer.url, order: answer.orderId }
            : { outcome: answer.status },
        );
        return reply.redirect(`/ack?${ack}`, 303);
      } catch (error) {
        if (error instanceof OrderError || error instanceof HttpError) {
          request.log.warn({ err: error }, 'payment callback refused');
          return reply.redirect(backToPreview(outcomeOf(error)), 303);
        }
        throw error;
      }
    });
  });
}
