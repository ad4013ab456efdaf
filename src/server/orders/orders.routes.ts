import type { FastifyInstance } from 'fastify';
import { rateLimitHooks } from '../http/rate-limit.js';
import {
  claimUsername,
  createOrder,
  readClaim,
  verifyPayment,
  type OrdersContext,
} from './orders.service.js';

export function registerOrderRoutes(app: FastifyInstance, ctx: OrdersContext): void {
  const limits = rateLimitHooks(app, { enabled: app.deps.config.rateLimits });

  const claimLimits = {
    onRequest: limits.perIp('claimsPerIp'),
    preHandler: limits.perUser('claimsPerUser'),
  };
  app.post('/api/claims', claimLimits, async (request) => {
    const user = await request.requireUser();
    return claimUsername(ctx, user, readClaim(request.body));
  });

  const orderLimits = {
    onRequest: limits.perIp('ordersPerIp'),
    preHandler: limits.perUser('ordersPerUser'),
  };
  app.post('/create-order', orderLimits, async (request) => {
    const user = await request.requireUser();
    return createOrder(ctx, user, request.body);
  });

  app.post('/verify-payment', async (request) => {
    const user = await request.requireUser();
    return verifyPayment(ctx, user, request.body);
  });
}
