import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.js';
import type { Metrics } from './metrics.js';

/** Compared in constant time, so the token cannot be guessed a character at a time. */
function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for the operator's Prometheus, behind a bearer token: what it shows (routes,
 * backlogs, timings) is not for the public. Without a token configured the route does not exist.
 */
export function registerMetricsRoutes(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): void {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(
          errorBody('metrics_token', 'Send the metrics token as Authorization: Bearer <token>.', {
            requestId: request.id,
          }),
        );
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
