import type { FastifyInstance } from 'fastify';
import { isDatabaseReady, type Db } from '../db/database.js';
import { DATABASE_RETRY_SECONDS, errorBody } from './errors.js';

export function registerHealthRoutes(app: FastifyInstance, db: Db): void {
  // Liveness: the process is up and its event loop answers.
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  // Readiness: a load balancer sends traffic here only while the database answers.
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (await isDatabaseReady(db)) return { status: 'ready' };
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_SECONDS))
      .send(
        errorBody('database_unavailable', 'The database is not answering.', {
          requestId: request.id,
        }),
      );
  });
}
