import type { FastifyInstance } from 'fastify';
import {
  claimUsername,
  createOrder,
  readClaim,
  verifyPayment,
  type OrdersContext,
} from './orders.service.js';

export function registerOrderRoutes(app: FastifyInstance, ctx: OrdersContext): void {
  app.post('/api/claims', async (request) => {
    const user = await request.requireUser();
    return claimUsername(ctx, user, readClaim(request.body));
  });

  app.post('/create-order', async (request) => {
    const user = await request.requireUser();
    return createOrder(ctx, user, request.body);
  });

  app.post('/verify-payment', async (request) => {
    const user = await request.requireUser();
    return verifyPayment(ctx, user, request.body);
  });
}
