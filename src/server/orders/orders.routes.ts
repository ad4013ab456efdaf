import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, conflict, HttpError, notFound, refusalsAsHttp } from '../http/errors.js';
import { PORTFOLIO_BODY_BYTES, usernameParam } from '../http/route-rules.js';
import { CLAIMS_PATH } from '../../shared/routes.js';
import type { PortfolioData } from '../../shared/domain/portfolio.js';
import {
  touchUploadsOf,
  prepareLinkPreview,
  type UploadsContext,
} from '../uploads/uploads.service.js';
import { OrderError } from './errors.js';
import { readClaim, readOrder, readPayment, readRenewal, readUsername } from './orders.input.js';
import { claimUsername, createOrder } from './orders.service.js';
import type { OrdersContext } from './orders.types.js';
import { verifyPayment } from './payment-entries.service.js';
import { createRenewal, quoteRenewal } from './renewals.service.js';

/** How each refusal of the order rules is answered over HTTP. */
function httpErrorFor(error: OrderError): HttpError {
  switch (error.refusal) {
    case 'name_taken':
    case 'already_published':
      return conflict(error.message, 'username');
    case 'term_ended':
      return new HttpError(409, 'term_ended', error.message, 'username');
    case 'hold_limit':
      return new HttpError(409, 'hold_limit', error.message, 'username');
    case 'price_missing':
      return badRequest(error.message, 'templateId');
    case 'order_not_found':
    case 'not_owner':
      return notFound(error.message);
    case 'payment_unverified':
      return badRequest(error.message, 'razorpay_signature');
    case 'payment_not_confirmed':
      return badRequest(error.message, 'razorpay_payment_id');
    case 'gateway_unavailable':
      return new HttpError(502, 'payment_gateway', error.message, undefined, {
        cause: error.cause ?? error,
      });
  }
}

const answer = refusalsAsHttp(OrderError, httpErrorFor);

/** What the routes need of the uploads: who owns which, and the crops link previews name. */
export type OrderUploads = Pick<UploadsContext, 'db' | 'storage' | 'pool'>;

/**
 * A portfolio may show only its owner's uploads: a reference copied from someone else's page (or
 * to an upload since deleted) is refused, naming the field, before anything is claimed or sold.
 */
async function checkUploads(
  uploads: OrderUploads,
  userId: string,
  data: PortfolioData,
): Promise<void> {
  const foreign = await touchUploadsOf(uploads.db, userId, data, new Date());
  if (foreign) {
    const field = `data.${foreign.field}`;
    throw badRequest(
      `${field} names an uploaded image that is not among your uploads (it may have been deleted): upload the file again`,
      field,
    );
  }
}

/**
 * Once a portfolio is stored (an update published, an order holding it), the link preview's
 * crop of the profile picture, if its focal point needs one. Never before: a mere name check
 * must not cost image work. A crop that is not made (the image workers have other work) costs
 * only the preview's framing: /media serves the centred crop in its place.
 */
async function cropLinkPreview(
  uploads: OrderUploads,
  userId: string,
  data: PortfolioData,
  log: FastifyBaseLogger,
): Promise<void> {
  await prepareLinkPreview(uploads, userId, data).catch((error: unknown) => {
    log.warn({ err: error }, 'link preview crop not made; the centred one stands in');
  });
}

export function registerOrderRoutes(
  app: FastifyInstance,
  ctx: OrdersContext,
  uploads: OrderUploads,
): void {
  // Who and how often are settled before the body is read (http/route-rules.ts).
  const claimLimits = {
    config: { signedIn: true, rateLimits: ['claimsPerIp', 'claimsPerUser'] },
    bodyLimit: PORTFOLIO_BODY_BYTES,
  } as const;
  app.post(CLAIMS_PATH, claimLimits, async (request) => {
    const user = await request.requireUser();
    const claim = readClaim(request.body);
    await checkUploads(uploads, user.id, claim.data);
    const claimed = await answer(() => claimUsername(ctx, user, claim));
    if (claimed.status === 'updated') {
      await cropLinkPreview(uploads, user.id, claim.data, request.log);
    }
    return claimed;
  });

  const orderLimits = {
    config: { signedIn: true, rateLimits: ['ordersPerIp', 'ordersPerUser'] },
    bodyLimit: PORTFOLIO_BODY_BYTES,
  } as const;
  app.post('/create-order', orderLimits, async (request) => {
    const user = await request.requireUser();
    const order = readOrder(request.body);
    await checkUploads(uploads, user.id, order.data);
    const created = await answer(() => createOrder(ctx, user, order));
    await cropLinkPreview(uploads, user.id, order.data, request.log);
    return created;
  });

  // A renewal carries no portfolio: the server renews what is published.
  app.post(
    '/api/renewals',
    { config: { signedIn: true, rateLimits: ['ordersPerIp', 'ordersPerUser'] } },
    async (request) => {
      const user = await request.requireUser();
      const renewal = readRenewal(request.body);
      return answer(() => createRenewal(ctx, user, renewal));
    },
  );

  // A quote reads a few rows, like a username check: counted with them.
  const quoteRules = {
    signedIn: true,
    params: z.object({ username: usernameParam }),
    rateLimits: ['claimsPerIp', 'claimsPerUser'],
  } as const;
  app.get('/api/renewals/:username/quote', { config: quoteRules }, async (request) => {
    const user = await request.requireUser();
    const { username } = request.params as { username: string };
    return answer(() => quoteRenewal(ctx, user, readUsername(username)));
  });

  const verifyRules = { signedIn: true, rateLimits: ['verifyPerIp', 'verifyPerUser'] } as const;
  app.post('/verify-payment', { config: verifyRules }, async (request) => {
    const user = await request.requireUser();
    const payment = readPayment(request.body);
    return answer(() => verifyPayment(ctx, user, payment));
  });
}
